import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { installFakeMain } from '../../test/fake-main'
import { QuickAskApp } from './quick-ask-app'

describe('QuickAskApp', () => {
  it('has one question box, focused; Open in Cairn waits for a question', async () => {
    installFakeMain({ storedKey: 'sk-ant-test-0001' })
    render(<QuickAskApp />)
    const box = screen.getByRole('textbox', { name: 'Ask Claude' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    expect(screen.getByRole('button', { name: /Open in Cairn/ }).hasAttribute('disabled')).toBe(
      true
    )
  })

  it('a long wait Anthropic asked for says so and offers to go on in the main window', async () => {
    const main = installFakeMain({ storedKey: 'sk-ant-test-0001' })
    const user = userEvent.setup()
    render(<QuickAskApp />)
    await user.type(screen.getByRole('textbox', { name: 'Ask Claude' }), 'What is a cairn?{Enter}')
    await waitFor(() => expect(main.conversations.size).toBe(1))
    const [conversationId] = [...main.conversations.keys()]
    act(() =>
      main.emit('chat:retrying', {
        conversationId: conversationId!,
        turnId: 't',
        attempt: 1,
        maxAttempts: 4,
        secondsLeft: 118,
        retryAt: new Date(Date.now() + 118_000).toISOString(),
        reason: {
          code: 'rate-limited',
          message: 'Rate limited.',
          nextStep: 'Wait.',
          retryable: true,
          status: 429
        }
      })
    )
    expect((await screen.findByText(/asked Cairn to wait about 2 minutes/)).textContent).toContain(
      'go on in the main window'
    )
    await user.click(screen.getByRole('button', { name: 'Continue in Cairn' }))
    await waitFor(() => expect(main.callsTo('window:open-in-main')).toEqual([{ conversationId }]))
  })

  it('Esc hides the window through main', async () => {
    const main = installFakeMain({ storedKey: 'sk-ant-test-0001' })
    render(<QuickAskApp />)
    await userEvent.setup().keyboard('{Escape}')
    await waitFor(() => expect(main.callsTo('window:hide-quick-ask')).toHaveLength(1))
  })

  it('a question that cannot start a chat says why and keeps the text', async () => {
    const main = installFakeMain({ storedKey: 'sk-ant-test-0001' })
    main.fail('chat:create-conversation', new CairnError('CHAT_WRITE_FAILED', 'The disk is full.'))
    const user = userEvent.setup()
    render(<QuickAskApp />)
    const box = screen.getByRole('textbox', { name: 'Ask Claude' })
    await user.type(box, 'What is a cairn?{Enter}')
    expect((await screen.findByRole('alert')).textContent).toContain('The disk is full.')
    expect((box as HTMLTextAreaElement).value).toBe('What is a cairn?')
  })

  it('without a key, says where to add it instead of a box that cannot answer', async () => {
    installFakeMain()
    render(<QuickAskApp />)
    expect((await screen.findByRole('alert')).textContent).toContain('needs an Anthropic API key')
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('follows the theme from Settings', async () => {
    const main = installFakeMain({ storedKey: 'sk-ant-test-0001' })
    main.state.settings = {
      ...main.state.settings,
      settings: { ...main.state.settings.settings, theme: 'dark' }
    }
    render(<QuickAskApp />)
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
  })
})
