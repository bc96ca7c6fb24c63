import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PendingApproval } from '@shared/chat/approval'
import { installFakeMain } from '../../../test/fake-main'
import { ApprovalCards } from './approval-card'

const CONVERSATION = 'c-00000001'

function approval(extra: Partial<PendingApproval> = {}): PendingApproval {
  return {
    id: '0b8f5a2e-3c1d-4e6f-8a9b-0c1d2e3f4a5b',
    conversationId: CONVERSATION,
    turnId: 't-1',
    toolUseId: 'toolu_1',
    command: 'str_replace',
    path: '/memories/me.md',
    preview: { before: '# Me\n- likes tea\n', after: '# Me\n- likes green tea\n' },
    createdAt: '2026-11-22T10:00:00.000Z',
    revision: 0,
    ...extra
  }
}

const card = () => screen.getByRole('region', { name: 'Claude wants to edit me.md' })

describe('ApprovalCards', () => {
  it('lists what already waits (a reloaded window) and shows the change as a diff', async () => {
    const main = installFakeMain()
    main.approvals.pending.set(approval().id, approval())
    const onWaiting = vi.fn()
    render(<ApprovalCards conversationId={CONVERSATION} onWaiting={onWaiting} />)
    const diff = within(await screen.findByRole('region')).getByRole('table', {
      name: 'What this change would do to me.md'
    })
    expect(within(diff).getByRole('row', { name: /Removed: - likes tea/ })).toBeTruthy()
    expect(within(diff).getByRole('row', { name: /Added: - likes green tea/ })).toBeTruthy()
    // The reply status says it ("Waiting for your approval"); the card takes the focus.
    // Both follow the render in an effect: waited for, as a loaded machine may run it later.
    await waitFor(() => expect(onWaiting).toHaveBeenLastCalledWith(true))
    await waitFor(() => expect(document.activeElement).toBe(card()))
  })

  it('keys on the card: A approves, D declines; typing a reason is not a key', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.approvals.pending.set(approval().id, approval())
    render(<ApprovalCards conversationId={CONVERSATION} />)
    await screen.findByRole('region')
    await user.click(within(card()).getByRole('textbox', { name: /Reason for declining/ }))
    await user.keyboard('ad')
    expect(main.callsTo('chat:answer-approval')).toEqual([])
    card().focus()
    await user.keyboard('d')
    expect(main.callsTo('chat:answer-approval')).toEqual([
      { approvalId: approval().id, answer: 'decline', revision: 0, reason: 'ad' }
    ])
  })

  it('decline sends the reason typed; the card goes', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<ApprovalCards conversationId={CONVERSATION} />)
    await act(() => Promise.resolve())
    main.approvals.pending.set(approval().id, approval())
    act(() => main.emit('chat:approval-pending', approval()))
    await user.type(
      within(card()).getByRole('textbox', { name: /Reason for declining/ }),
      'not now'
    )
    await user.click(within(card()).getByRole('button', { name: 'Decline' }))
    expect(main.approvals.answers).toEqual([
      { approvalId: approval().id, answer: 'decline', revision: 0, reason: 'not now' }
    ])
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('is answered from the keyboard: Tab to Approve, Enter; a blank reason is not sent', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.approvals.pending.set(approval().id, approval())
    render(<ApprovalCards conversationId={CONVERSATION} />)
    await screen.findByRole('region')
    await user.tab()
    expect(document.activeElement).toBe(within(card()).getByRole('button', { name: 'Approve' }))
    await user.keyboard('{Enter}')
    expect(main.approvals.answers).toEqual([
      { approvalId: approval().id, answer: 'approve', revision: 0 }
    ])
  })

  it('Always allow in this chat answers always-allow', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.approvals.pending.set(approval().id, approval())
    render(<ApprovalCards conversationId={CONVERSATION} />)
    await user.click(await screen.findByRole('button', { name: 'Always allow in this chat' }))
    expect(main.approvals.answers[0]?.answer).toBe('always-allow')
  })

  it('Esc in the reason clears it and does not reach the window (where it would stop the reply)', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.approvals.pending.set(approval().id, approval())
    const onWindowKey = vi.fn()
    window.addEventListener('keydown', onWindowKey)
    render(<ApprovalCards conversationId={CONVERSATION} />)
    const reason = await screen.findByRole('textbox', { name: /Reason for declining/ })
    await user.type(reason, 'hm{Escape}')
    window.removeEventListener('keydown', onWindowKey)
    expect((reason as HTMLInputElement).value).toBe('')
    expect(onWindowKey.mock.calls.map(([e]) => (e as KeyboardEvent).key)).not.toContain('Escape')
  })

  it('shows only this conversation, goes when main says it was resolved, and says what a move does', async () => {
    const main = installFakeMain()
    render(<ApprovalCards conversationId={CONVERSATION} />)
    await act(() => Promise.resolve())
    act(() =>
      main.emit(
        'chat:approval-pending',
        approval({ conversationId: 'c-00000002', id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' })
      )
    )
    expect(screen.queryByRole('region')).toBeNull()
    const move = approval({
      command: 'rename',
      preview: {
        before: null,
        after: null,
        to: '/memories/about/me.md',
        note: 'Moves the file; its text is unchanged.'
      }
    })
    act(() => main.emit('chat:approval-pending', move))
    const region = screen.getByRole('region', {
      name: 'Claude wants to move me.md to about/me.md'
    })
    expect(region.textContent).toContain('Moves the file; its text is unchanged.')
    expect(within(region).queryByRole('table')).toBeNull()
    act(() =>
      main.emit('chat:approval-resolved', {
        conversationId: CONVERSATION,
        approvalId: move.id,
        outcome: 'cancelled'
      })
    )
    expect(screen.queryByRole('region')).toBeNull()
  })
})
