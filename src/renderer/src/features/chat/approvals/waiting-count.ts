import { useMemo } from 'react'
import type { PendingApproval } from '@shared/chat/approval'
import { waitingLabel } from '@shared/chat/approval-words'
import type { ViewTab } from '../../../components/view-tabs'
import { usePendingApprovals } from './pending-approvals'

/** How many chats wait on the user, and how that is read out: "2 chats waiting for your approval". */
export function waitingSummary(approvals: readonly PendingApproval[]): {
  count: number
  label: string
} {
  const count = new Set(approvals.map((a) => a.conversationId)).size
  return { count, label: waitingLabel(count) }
}

/** The view tabs with the count of waiting chats on `chatTab` (none while nothing waits). */
export function useWaitingTabs<Id extends string>(
  tabs: readonly ViewTab<Id>[],
  chatTab: Id
): readonly ViewTab<Id>[] {
  const { approvals } = usePendingApprovals()
  return useMemo(() => {
    const badge = waitingSummary(approvals)
    if (badge.count === 0) return tabs
    return tabs.map((tab) => (tab.id === chatTab ? { ...tab, badge } : tab))
  }, [tabs, chatTab, approvals])
}
