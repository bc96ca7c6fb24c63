import type { PendingApproval } from '@shared/chat/approval'
import { onEvent } from '../../../lib/api'
import type { ShownError } from '../../../lib/errors'
import { createMainFeed } from '../../../lib/main-feed'

/*
 * Every approval that waits, in every conversation, kept once for the whole page: the cards of the
 * chat shown, the conversation list's badges and the Chat tab's count read the same list, so they
 * cannot disagree. Main owns the approvals (lib/main-feed.ts keeps the list in step).
 */

interface Snapshot {
  approvals: readonly PendingApproval[]
  error: ShownError | null
}

const feed = createMainFeed<Snapshot, PendingApproval>({
  empty: { approvals: [], error: null },
  listen: () => [
    onEvent('chat:approval-pending', add),
    onEvent('chat:tool-approval-pending', add),
    onEvent('chat:approval-updated', update),
    onEvent('chat:approval-resolved', ({ approvalId }) => dropApproval(approvalId))
  ],
  list: async (api) => (await api.chat.listApprovals()).approvals,
  add,
  failed: setApprovalsError
})

function add(approval: PendingApproval): void {
  const snapshot = feed.get()
  if (snapshot.approvals.some((a) => a.id === approval.id)) return
  feed.set({ ...snapshot, approvals: [...snapshot.approvals, approval] })
}

/** The file of a waiting change moved on disk: the same card shows the new plan. */
function update(approval: PendingApproval): void {
  const snapshot = feed.get()
  if (!snapshot.approvals.some((a) => a.id === approval.id)) return add(approval)
  feed.set({
    ...snapshot,
    approvals: snapshot.approvals.map((a) =>
      a.id === approval.id && a.revision < approval.revision ? approval : a
    )
  })
}

/** The card goes (answered, or gone: answered in another window, the reply stopped). */
export function dropApproval(approvalId: string): void {
  const snapshot = feed.get()
  if (!snapshot.approvals.some((a) => a.id === approvalId)) return
  feed.set({ ...snapshot, approvals: snapshot.approvals.filter((a) => a.id !== approvalId) })
}

function setApprovalsError(error: ShownError | null): void {
  const snapshot = feed.get()
  if (snapshot.error !== error) feed.set({ ...snapshot, error })
}

/** Every approval waiting, oldest first, and the last error listing or answering them. */
export function usePendingApprovals(): Snapshot {
  return feed.use()
}

/** How many approvals each conversation waits on. */
export function waitingByConversation(
  approvals: readonly PendingApproval[]
): ReadonlyMap<string, number> {
  const counts = new Map<string, number>()
  for (const approval of approvals)
    counts.set(approval.conversationId, (counts.get(approval.conversationId) ?? 0) + 1)
  return counts
}
