import { useCallback, useEffect, useMemo, useState } from 'react'
import type { ApprovalAnswer, PendingApproval } from '@shared/chat/approval'
import { call, onEvent } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

/**
 * Claude's memory changes in this conversation that wait for the user. Main owns them: the hook
 * subscribes first, then lists what already waits, so a reloaded window shows the same cards.
 */
export function useApprovals(conversationId: string) {
  // Every conversation's, so a card answered or cancelled while another chat is shown is gone
  // when the user comes back; only this conversation's are returned.
  const [all, setAll] = useState<PendingApproval[]>([])
  const [error, setError] = useState<ShownError | null>(null)

  useEffect(() => {
    let live = true
    const add = (approval: PendingApproval) =>
      setAll((list) => (list.some((a) => a.id === approval.id) ? list : [...list, approval]))
    const offs = [
      onEvent('chat:approval-pending', add),
      onEvent('chat:approval-resolved', ({ approvalId }) =>
        setAll((list) => list.filter((a) => a.id !== approvalId))
      )
    ]
    call((a) => a.chat.listApprovals()).then(
      (listed) => {
        if (live) listed.approvals.forEach(add)
      },
      (failure: unknown) => {
        if (live) setError(toShownError(failure))
      }
    )
    return () => {
      live = false
      offs.forEach((off) => off())
    }
  }, [])

  const answer = useCallback(
    async (approvalId: string, choice: ApprovalAnswer, reason?: string) => {
      setError(null)
      try {
        const trimmed = reason?.trim()
        await call((api) =>
          api.chat.answerApproval({
            approvalId,
            answer: choice,
            ...(trimmed ? { reason: trimmed } : {})
          })
        )
        // Answered (or already gone, e.g. answered in another window): the card goes either way.
        setAll((list) => list.filter((a) => a.id !== approvalId))
      } catch (failure) {
        setError(toShownError(failure))
      }
    },
    []
  )

  const approvals = useMemo(
    () => all.filter((a) => a.conversationId === conversationId),
    [all, conversationId]
  )
  return { approvals, answer, error }
}
