import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { chooseChatModel, renderChat } from '../../../test/render-app'

const memorySwitch = () => screen.getByRole('switch', { name: /^Memory/ })

describe('Chat header options', () => {
  it('"New chat without memory" starts one; the switch says so and turns it back on', async () => {
    const { main, user } = renderChat({ storedKey: 'sk-ant-test-1234' })
    await user.click(await screen.findByRole('button', { name: 'New chat without memory' }))
    await waitFor(() => expect(memorySwitch().textContent).toBe('Memory off for this chat'))
    // The tooltip says the state in words too, then what a click does.
    expect(memorySwitch().title).toMatch(/^Memory is off for this chat: .*Click to turn it on\.$/)
    expect(main.callsTo('chat:create-conversation')).toEqual([{ memory: 'off' }])
    expect(memorySwitch().getAttribute('aria-checked')).toBe('false')

    await user.click(memorySwitch())
    await waitFor(() => expect(memorySwitch().textContent).toBe('Memory on'))
    expect(memorySwitch().title).toMatch(/^Memory is on for this chat: .*Click to turn it off\.$/)
    const [conversation] = [...main.conversations.values()]
    expect(main.callsTo('chat:update-conversation')).toEqual([
      { conversationId: conversation?.id, memory: 'on' }
    ])
    expect(conversation?.memory).toBe('on')
  })

  it('picks the model for this chat from the API list', async () => {
    const { main, user } = renderChat({ storedKey: 'sk-ant-test-1234' })
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await chooseChatModel(user, 'claude-opus-4-1')
    expect([...main.conversations.values()][0]?.model).toBe('claude-opus-4-1')
  })

  it("sets this chat's own instructions, and goes back to Settings'", async () => {
    const { main, user } = renderChat({ storedKey: 'sk-ant-test-1234' })
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await user.click(await screen.findByRole('button', { name: 'Instructions' }))
    const dialog = screen.getByRole('dialog', { name: 'Instructions for this chat' })
    const text = within(dialog).getByRole('textbox', { name: "This chat's instructions" })
    expect((text as HTMLTextAreaElement).disabled).toBe(true)
    await user.click(
      within(dialog).getByRole('radio', { name: 'Use instructions for this chat only' })
    )
    await user.type(text, 'Reply in French.')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await screen.findByRole('button', { name: 'Instructions: this chat' })
    const conversation = [...main.conversations.values()][0]
    expect(conversation?.instructions).toBe('Reply in French.')

    await user.click(screen.getByRole('button', { name: 'Instructions: this chat' }))
    await user.click(
      within(dialog).getByRole('radio', { name: 'Use the instructions from Settings' })
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await screen.findByRole('button', { name: 'Instructions' })
    expect(conversation?.instructions).toBeUndefined()
  })

  it('a refused change shows why and what to do, and the switch keeps its state', async () => {
    const { main, user } = renderChat({ storedKey: 'sk-ant-test-1234' })
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await waitFor(() => expect(memorySwitch().textContent).toBe('Memory on'))
    main.fail(
      'chat:update-conversation',
      new CairnError(
        'CHAT_BUSY',
        'Claude is still answering in this conversation. Wait for it, or press Stop first.'
      )
    )
    await user.click(memorySwitch())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Wait for it, or press Stop first.')
    expect(memorySwitch().getAttribute('aria-checked')).toBe('true')
  })
})
