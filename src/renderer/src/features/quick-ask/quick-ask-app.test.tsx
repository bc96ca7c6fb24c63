import { render, screen, waitFor } from '@testing-library/react'
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
