import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CairnError } from '@shared/errors'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import { installFakeMain } from '../../../test/fake-main'
import { Composer } from './composer'

const prompt = (name: string, args: McpPromptInfo['arguments'] = []): McpPromptInfo => ({
  server: 'notes',
  serverName: 'Notes',
  name,
  arguments: args
})

function renderComposer(prompts: McpPromptInfo[]) {
  const main = installFakeMain()
  main.mcp.prompts = prompts
  const onStop = vi.fn()
  render(
    <Composer
      conversationId="3f2c8a6e-1b4d-4c2a-9e7f-0a1b2c3d4e5f"
      running
      hasKey
      onSend={() => Promise.resolve(true)}
      onStop={onStop}
      onOpenSettings={() => undefined}
    />
  )
  const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement
  return { main, box, onStop, user: userEvent.setup() }
}

describe('slash commands in the composer', () => {
  it('moves with the arrows (wrapping), chooses with Tab, and Escape closes only the list', async () => {
    const { box, user, onStop, main } = renderComposer([prompt('first'), prompt('second')])
    await user.type(box, '/')
    const list = await screen.findByRole('listbox', { name: 'Prompts' })
    const options = await waitFor(() => {
      const found = screen.getAllByRole('option')
      expect(found).toHaveLength(2)
      return found
    })
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    await user.keyboard('{ArrowUp}')
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id)
    expect(options[1]!.getAttribute('aria-selected')).toBe('true')
    // Escape while an answer runs: the list closes, the answer goes on.
    await user.keyboard('{Escape}')
    expect(list.isConnected).toBe(false)
    expect(onStop).not.toHaveBeenCalled()
    await user.type(box, 'sec')
    await screen.findByRole('option', { name: /\/notes:second/ })
    await user.keyboard('{Tab}')
    await waitFor(() => expect(box.value).toBe('second: {}'))
    expect(main.callsTo('mcp:get-prompt')).toEqual([
      { server: 'notes', name: 'second', arguments: {} }
    ])
  })

  it('says why a prompt failed, in its form, and Insert tries again', async () => {
    const { box, user, main } = renderComposer([
      prompt('review', [{ name: 'file', required: true }])
    ])
    main.fail(
      'mcp:get-prompt',
      new CairnError('MCP_REQUEST_FAILED', 'Notes is not connected right now. Restart it.')
    )
    await user.type(box, '/rev')
    await screen.findByRole('option', { name: /\/notes:review/ })
    await user.keyboard('{Enter}')
    const field = await screen.findByRole('textbox', { name: 'file' })
    expect(document.activeElement).toBe(field)
    await user.type(field, 'a.md{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notes is not connected right now. Restart it.'
    )
    main.fail('mcp:get-prompt', null)
    await user.click(screen.getByRole('button', { name: 'Insert into message' }))
    await waitFor(() => expect(box.value).toBe('review: {"file":"a.md"}'))
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('with no prompt matching, Tab still leaves the box (no keyboard trap)', async () => {
    const { box, user } = renderComposer([prompt('first')])
    await user.type(box, '/zzz')
    await screen.findByText(/No prompt matches/)
    await user.keyboard('{Tab}')
    expect(document.activeElement).not.toBe(box)
  })
})
