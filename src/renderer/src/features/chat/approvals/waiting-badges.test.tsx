import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PendingApproval } from '@shared/chat/approval'
import { App } from '../../../App'
import { ChatView } from '../chat-view'
import { preloadViews } from '../../../lazy-views'
import { installFakeMain } from '../../../test/fake-main'
import { waitingByConversation } from './pending-approvals'
import { waitingSummary } from './waiting-count'

function approval(conversationId: string, id: string): PendingApproval {
  return {
    id,
    conversationId,
    turnId: 't-1',
    toolUseId: 'toolu_1',
    command: 'str_replace',
    path: '/memories/me.md',
    preview: { before: '- tea\n', after: '- green tea\n' },
    createdAt: '2026-11-27T10:00:00.000Z',
    revision: 0
  }
}

const ID_1 = '0b8f5a2e-3c1d-4e6f-8a9b-0c1d2e3f4a51'
const ID_2 = '0b8f5a2e-3c1d-4e6f-8a9b-0c1d2e3f4a52'

describe('waiting counts', () => {
  it('counts chats, not changes', () => {
    const list = [approval('c-a', ID_1), approval('c-a', ID_2), approval('c-b', ID_1)]
    expect(waitingByConversation(list)).toEqual(
      new Map([
        ['c-a', 2],
        ['c-b', 1]
      ])
    )
    expect(waitingSummary(list)).toEqual({ count: 2, label: '2 chats waiting for your approval' })
    expect(waitingSummary([])).toEqual({ count: 0, label: '0 chats waiting for your approval' })
  })
})

describe('a change waiting in another chat', () => {
  it('badges its row and counts on the Chat tab; one click opens it with the card focused; A approves and all clears', async () => {
    await preloadViews()
    const main = installFakeMain()
    const user = userEvent.setup()
    const api = window.cairn!
    const a = await api.chat.createConversation()
    await api.chat.renameConversation({ conversationId: a.id, title: 'Tea notes' })
    const b = await api.chat.createConversation()
    await api.chat.renameConversation({ conversationId: b.id, title: 'Trip plans' })
    main.approvals.pending.set(ID_1, approval(a.id, ID_1))
    render(<App />)

    const list = await screen.findByRole('list', { name: 'Conversation list' })
    const rowA = await within(list).findByRole('button', {
      name: 'Tea notes (waiting for your approval)'
    })
    expect(within(list).getByRole('button', { name: /^Trip plans/ }).textContent).not.toContain(
      'Waiting'
    )
    const chatTab = screen.getByRole('tab', { name: 'Chat' })
    expect(chatTab.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(chatTab.getAttribute('aria-describedby')!)?.textContent).toBe(
      '1 chat waiting for your approval'
    )
    expect(chatTab.querySelector('.view-tab__badge')?.textContent).toBe('1')

    // Another change in B: two chats wait.
    act(() => {
      main.approvals.pending.set(ID_2, approval(b.id, ID_2))
      main.emit('chat:approval-pending', approval(b.id, ID_2))
    })
    expect(chatTab.querySelector('.view-tab__badge')?.textContent).toBe('2')

    await user.click(rowA)
    const card = await screen.findByRole('region', { name: 'Claude wants to edit me.md' })
    await waitFor(() => expect(document.activeElement).toBe(card))
    await user.keyboard('a')
    expect(main.approvals.answers).toEqual([{ approvalId: ID_1, answer: 'approve', revision: 0 }])
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: /^Tea notes/ }).textContent).not.toContain(
        'Waiting'
      )
    )
    expect(chatTab.querySelector('.view-tab__badge')?.textContent).toBe('1')

    act(() => {
      main.approvals.pending.delete(ID_2)
      main.emit('chat:approval-resolved', {
        conversationId: b.id,
        approvalId: ID_2,
        outcome: 'cancelled'
      })
    })
    expect(chatTab.querySelector('.view-tab__badge')).toBeNull()
    expect(chatTab.getAttribute('aria-describedby')).toBeNull()
  })
})

describe('with the conversation list hidden', () => {
  it('the header offers the chat that waits; one click opens it with the card focused', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    const api = window.cairn!
    const a = await api.chat.createConversation()
    await api.chat.renameConversation({ conversationId: a.id, title: 'Tea notes' })
    const b = await api.chat.createConversation()
    await api.chat.renameConversation({ conversationId: b.id, title: 'Trip plans' })
    main.approvals.pending.set(ID_1, approval(a.id, ID_1))
    render(
      <ChatView
        onOpenSettings={() => undefined}
        onOpenMemory={() => undefined}
        newChatSignal={0}
        active
        listCollapsed
        onToggleList={() => undefined}
      />
    )
    const open = await screen.findByRole('button', {
      name: 'Open Tea notes (waiting for your approval)'
    })
    await user.click(open)
    const card = await screen.findByRole('region', { name: 'Claude wants to edit me.md' })
    await waitFor(() => expect(document.activeElement).toBe(card))
    // The chat shown is the one waiting: nothing else to offer.
    expect(screen.queryByRole('button', { name: /waiting for your approval/ })).toBeNull()
  })
})
