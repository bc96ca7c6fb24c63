import { describe, expect, test } from 'vitest'
import { DESCRIPTION_MAX, mcpProvider } from '../mcp-provider'
import { apiToolName } from '../tool-names'
import { capped, MCP_RESULT_MAX_CHARS, resultText } from '../tool-result'

describe('MCP tool names as the API takes them', () => {
  test('server and tool kept apart, characters the API refuses made safe', () => {
    expect(apiToolName('everything', 'echo')).toBe('mcp__everything__echo')
    expect(apiToolName('my server', 'get.weather/now')).toBe('mcp__my_server__get_weather_now')
  })

  test('a long name stays within 64 characters and one name per tool', () => {
    const a = apiToolName(
      'a-server-with-a-rather-long-name',
      'and-a-tool-with-an-even-longer-name-1'
    )
    const b = apiToolName(
      'a-server-with-a-rather-long-name',
      'and-a-tool-with-an-even-longer-name-2'
    )
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(b).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(a).not.toBe(b)
  })
})

describe('MCP results as text for Claude', () => {
  test('text parts joined; other parts named, never passed as markup', () => {
    expect(
      resultText([
        { type: 'text', text: 'Hello' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside' } },
        { type: 'resource_link', name: 'b', uri: 'file:///b.txt' }
      ])
    ).toBe(
      'Hello\n\n[image (image/png) not shown: Cairn passes on text only]\n\n[resource file:///a.txt]\ninside\n\n[resource: b file:///b.txt]'
    )
    expect(resultText([], { temperature: 21 })).toBe('{"temperature":21}')
    expect(resultText([])).toBe('(The tool returned nothing.)')
  })

  test('a result over the cap is cut, and Claude is told by how much', () => {
    const text = capped('x'.repeat(MCP_RESULT_MAX_CHARS + 1234))
    expect(
      text.startsWith('x'.repeat(MCP_RESULT_MAX_CHARS) + '\n\n[Cairn cut this result: 1,234 more')
    ).toBe(true)
    expect(capped('short')).toBe('short')
  })
})

describe('what a server says is listed within bounds', () => {
  test('a tool description is cut at DESCRIPTION_MAX; the name is the safe API name', () => {
    const provider = mcpProvider({
      server: { id: 'big', name: 'Big' },
      source: {
        tools: () => [
          { server: 'big', name: 'say it all', description: 'x'.repeat(9_000), inputSchema: {} }
        ],
        callTool: async () => ({ content: [], isError: false })
      },
      approvalOf: () => 'ask',
      allowedInChat: new Set()
    })
    const [tool] = provider.offer(null).definitions as Array<{ name: string; description: string }>
    expect(tool?.name).toBe('mcp__big__say_it_all')
    expect(tool?.description).toHaveLength(DESCRIPTION_MAX)
  })
})
