import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { McpServerView } from '@shared/mcp/channels'
import { chooseChatModel, renderChat } from '../../../test/render-app'

// The chat header's Tools control says, before a switch is used, what it costs the next message.

function server(id: string, tools: number): McpServerView {
  return {
    id,
    name: `Server ${id}`,
    enabled: true,
    transport: { type: 'stdio', command: 'node', args: [], env: [] },
    status: { id, state: 'connected', tools, error: null, stderrTail: [], logFile: null },
    tools: Array.from({ length: tools }, (_, n) => ({
      name: `tool_${n}`,
      readOnly: true,
      destructive: false,
      approval: 'ask' as const
    }))
  }
}

async function openTools(servers: McpServerView[]) {
  const { main, user } = renderChat({ storedKey: 'sk-ant-test-1234' })
  main.mcp.overview = { servers }
  await user.click(await screen.findByRole('button', { name: 'New chat' }))
  await chooseChatModel(user, 'claude-sonnet-4-6')
  await user.click(await screen.findByRole('button', { name: /^Tools: / }))
  return { main, user, panel: screen.getByRole('group', { name: 'MCP servers in this chat' }) }
}

const help = (panel: HTMLElement, name: string) =>
  within(panel)
    .getByRole('switch', { name: `Server ${name}` })
    .getAttribute('aria-describedby')

describe('the Tools control', () => {
  it('few tools: a switch says it adds or takes out definitions and the next message rebuilds the cache', async () => {
    const { panel } = await openTools([server('a', 5), server('b', 8)])
    const a = document.getElementById(help(panel, 'a')!)!
    expect(a.textContent).toBe(
      '5 tools. Off: takes 5 tool definitions out of every message; the next one rebuilds the prompt cache.'
    )
    expect(panel.textContent).toContain('Past 30 tools, Claude finds them by tool search instead')
  })

  it('past 30 tools: a switch says its tools are found by search, nothing added up front', async () => {
    const { panel, user } = await openTools([server('a', 40), server('b', 25)])
    expect(panel.textContent).toContain("Claude finds this chat's 65 tools by tool search")
    const b = () => document.getElementById(help(panel, 'b')!)!.textContent
    expect(b()).toBe('25 tools. Off: Claude can no longer find them; the prompt stays as it is.')
    await user.click(within(panel).getByRole('switch', { name: 'Server b' }))
    await waitFor(() =>
      expect(b()).toBe(
        '25 tools. On: Claude can find them by search; nothing is added to the prompt up front.'
      )
    )
  })

  it('the server that takes a chat past 30 tools says the chat moves to tool search', async () => {
    const { panel, user } = await openTools([server('a', 20), server('b', 25)])
    const b = () => document.getElementById(help(panel, 'b')!)!.textContent
    await user.click(within(panel).getByRole('switch', { name: 'Server b' }))
    await waitFor(() =>
      expect(b()).toBe(
        '25 tools. On: past the limit, this chat moves to tool search; the next message rebuilds the prompt cache once.'
      )
    )
  })
})
