import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { parseAppLink } from '@shared/app/app-links'
import { renderChat } from '../../../test/render-app'

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

describe('Chat conversation list: what sets a chat apart', () => {
  it('a chat without memory says so in its row, and its empty view says nothing is remembered', async () => {
    const { main, user } = renderChat()
    await user.click(await screen.findByRole('button', { name: 'New chat without memory' }))
    await waitFor(() => expect(main.conversations.size).toBe(1))
    await user.click(screen.getByRole('button', { name: 'New chat' })) // reloads the list
    const list = screen.getByRole('list', { name: 'Conversation list' })
    await waitFor(() => expect(list.textContent).toContain('0 messages · No memory'))
    await user.click(within(list).getByRole('button', { name: /No memory/ }))
    expect(await screen.findByText(/This chat has no memory: nothing is read from/)).toBeTruthy()
  })
})

describe('Chat conversation list: groups, pins, export, search hits', () => {
  it('groups by date, pins to the top, and exports through main', async () => {
    const { main, user } = renderChat()
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await user.click(screen.getByRole('button', { name: 'New chat' }))
    await waitFor(() => expect(main.conversations.size).toBe(2))
    const [older, newer] = [...main.conversations.values()]
    older!.title = 'Older chat'
    older!.updatedAt = new Date(Date.now() - 3 * 86_400_000).toISOString()
    newer!.title = 'Newer chat'
    await user.click(screen.getByRole('button', { name: 'New chat' })) // reloads the list
    const list = screen.getByRole('list', { name: 'Conversation list' })
    const groupOf = (title: string) =>
      within(list).getByText(title).closest('ul')?.closest('li')?.querySelector('h2')?.textContent
    await waitFor(() => expect(list.textContent).toContain('Older chat'))
    await waitFor(() => expect(groupOf('Older chat')).toBe('Previous 7 days'))
    expect(groupOf('Newer chat')).toBe('Today')

    await user.click(within(list).getByRole('button', { name: 'Pin Older chat' }))
    await waitFor(() => expect(groupOf('Older chat')).toBe('Pinned'))
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent)
    ).toEqual(['Pinned', 'Today'])
    expect(within(list).getByRole('button', { name: 'Unpin Older chat' })).toBeDefined()

    await user.click(within(list).getByRole('button', { name: 'Export Older chat as Markdown' }))
    expect((await screen.findByText('Exported as “chat.md”.')).getAttribute('role')).toBe('status')
    expect(main.chat.exports).toEqual([{ conversationId: older!.id, fileName: 'chat.md' }])
  })

  it('marks the matched words in a search result', async () => {
    const { main, user } = renderChat()
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await waitFor(() => expect(main.conversations.size).toBe(1))
    ;[...main.conversations.values()][0]!.title = 'Lyon in May'
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'lyon')
    const list = screen.getByRole('list', { name: 'Conversation list' })
    await waitFor(() => expect(list.querySelector('mark')?.textContent).toBe('Lyon in May'))
    expect(within(list).queryByRole('heading')).toBeNull() // results are one flat list
  })

  it('New chat puts the cursor in the composer', async () => {
    const { main, user } = renderChat()
    main.state.sessionKey = 'sk-ant-test'
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message Claude' }))
    )
  })

  it("Copy link puts the chat's cairn:// link on the clipboard, and that link opens the same chat", async () => {
    const { main, user } = renderChat()
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    await waitFor(() => expect(main.conversations.size).toBe(1))
    const [id] = [...main.conversations.keys()]
    const list = screen.getByRole('list', { name: 'Conversation list' })
    await user.click(await within(list).findByRole('button', { name: 'Copy a link to New chat' }))
    await waitFor(() => expect(main.clipboard).toEqual([`cairn://conversation/${id}`]))
    expect((await screen.findByText(/Link to New chat copied/)).getAttribute('role')).toBe('status')
    expect(parseAppLink(main.clipboard[0] as string)).toEqual({
      kind: 'conversation',
      conversationId: id
    })
  })
})
