import { describe, expect, it } from 'vitest'
import { mcpProvider, type McpToolLike, type McpToolSource } from '../mcp-provider'

/** A hub that answers the same tool list until `change` gives it another, as the real one does. */
function source(first: McpToolLike[]): McpToolSource & { change(next: McpToolLike[]): void } {
  let list: readonly McpToolLike[] = first
  return {
    tools: () => list,
    change: (next) => void (list = next),
    callTool: async () => ({ content: [], isError: false })
  }
}

const tool = (server: string, name: string): McpToolLike => ({
  server,
  name,
  description: `Does ${name}.`,
  inputSchema: { properties: { q: { type: 'string' } } }
})

const provider = (from: McpToolSource, server = 'one') =>
  mcpProvider({
    server: { id: server, name: server },
    source: from,
    approvalOf: () => 'always',
    allowedInChat: new Set()
  })

describe('MCP provider: tool definitions', () => {
  it('are built once per tool list, for every turn of every chat, and again when the list changes', () => {
    const hub = source([tool('one', 'a'), tool('one', 'b'), tool('two', 'c')])
    // A provider per turn, as chats make them: each turn offers the definitions already built.
    const first = provider(hub).offer(null).definitions
    const second = provider(hub).offer(null).definitions
    expect(first.map((d) => ('name' in d ? d.name : ''))).toEqual(['mcp__one__a', 'mcp__one__b'])
    expect(second).not.toBe(first) // each request has its own list
    second.forEach((definition, i) => expect(definition).toBe(first[i]))
    expect(Object.isFrozen(first[0])).toBe(true) // shared, so never changed in place
    expect(provider(hub, 'two').offer(null).definitions).toHaveLength(1)

    hub.change([tool('one', 'a'), tool('one', 'd')])
    const after = provider(hub).offer(null).definitions
    expect(after.map((d) => ('name' in d ? d.name : ''))).toEqual(['mcp__one__a', 'mcp__one__d'])
    expect(after[0]).not.toBe(first[0])
    expect(provider(hub).runs('mcp__one__b')).toBe(false)
    expect(provider(hub).runs('mcp__one__d')).toBe(true)
  })
})
