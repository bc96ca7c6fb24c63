import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeMain } from '../../test/fake-main'
import { ChatView } from './chat-view'

function renderChat() {
  const main = installFakeMain()
  const user = userEvent.setup()
  const view = render(
    <ChatView
      onOpenSettings={() => undefined}
      onOpenMemory={() => undefined}
      newChatSignal={0}
      active
    />
  )
  return { main, user, view }
}

describe('Chat conversation list', () => {
  it('creates, renames, searches and deletes (after confirming) conversations', async () => {
    const { main, user } = renderChat()
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await waitFor(() => expect(main.conversations.size).toBe(1))
    const list = screen.getByRole('list', { name: 'Conversation list' })
    await user.click(await within(list).findByRole('button', { name: 'Rename New chat' }))
    const rename = screen.getByRole('dialog', { name: 'Rename conversation' })
    const title = within(rename).getByRole('textbox', { name: 'Title' })
    await user.clear(title)
    await user.type(title, 'Trip to Lyon')
    await user.click(within(rename).getByRole('button', { name: 'Rename' }))
    await within(list).findByRole('button', { name: 'Rename Trip to Lyon' })

    await user.click(screen.getByRole('button', { name: 'New chat' }))
    await waitFor(() => expect(main.conversations.size).toBe(2))
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'lyon')
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))

    await user.click(within(list).getByRole('button', { name: 'Delete Trip to Lyon' }))
    const confirm = screen.getByRole('dialog', { name: /Delete “Trip to Lyon”/ })
    expect(main.conversations.size).toBe(2)
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(main.conversations.size).toBe(1))
  })
})
