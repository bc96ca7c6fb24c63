import { useSyncExternalStore } from 'react'
import type { PendingApproval } from '@shared/chat/approval'
import { call, onEvent } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

/*
 * Every approval that waits, in every conversation, kept once for the whole page: the cards of the
 * chat shown, the conversation list's badges and the Chat tab's count read the same list, so they
 * cannot disagree. Main owns the approvals; this subscribes first, then lists what already waits
 * (a reloaded window sees the same), and lets go when nothing reads it.
 */

interface Snapshot {
  approvals: readonly PendingApproval[]
  error: ShownError | null
}

const EMPTY: Snapshot = { approvals: [], error: null }
let snapshot: Snapshot = EMPTY
const listeners = new Set<() => void>()
let stop: (() => void) | null = null

function set(next: Snapshot): void {
  snapshot = next
  listeners.forEach((listener) => listener())
}

function add(approval: PendingApproval): void {
  if (snapshot.approvals.some((a) => a.id === approval.id)) return
  set({ ...snapshot, approvals: [...snapshot.approvals, approval] })
}

/** The file of a waiting change moved on disk: the same card shows the new plan. */
function update(approval: PendingApproval): void {
  if (!snapshot.approvals.some((a) => a.id === approval.id)) return add(approval)
  set({
    ...snapshot,
    approvals: snapshot.approvals.map((a) =>
      a.id === approval.id && a.revision < approval.revision ? approval : a
    )
  })
}

/** The card goes (answered, or gone: answered in another window, the reply stopped). */
export function dropApproval(approvalId: string): void {
  if (!snapshot.approvals.some((a) => a.id === approvalId)) return
  set({ ...snapshot, approvals: snapshot.approvals.filter((a) => a.id !== approvalId) })
}

function setApprovalsError(error: ShownError | null): void {
  if (snapshot.error !== error) set({ ...snapshot, error })
}

function start(): () => void {
  let live = true
  let offs: Array<() => void> = []
  try {
    offs = [
      onEvent('chat:approval-pending', add),
      onEvent('chat:tool-approval-pending', add),
      onEvent('chat:approval-updated', update),
      onEvent('chat:approval-resolved', ({ approvalId }) => dropApproval(approvalId))
    ]
  } catch {
    // Outside Cairn (no bridge): the list call below says so.
  }
  call((api) => api.chat.listApprovals()).then(
    (listed) => {
      if (live) listed.approvals.forEach(add)
    },
    (failure: unknown) => {
      if (live) setApprovalsError(toShownError(failure))
    }
  )
  return () => {
    live = false
    offs.forEach((off) => off())
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  stop ??= start()
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    stop?.()
    stop = null
    snapshot = EMPTY
  }
}

const read = (): Snapshot => snapshot

/** Every approval waiting, oldest first, and the last error listing or answering them. */
export function usePendingApprovals(): Snapshot {
  return useSyncExternalStore(subscribe, read, read)
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
