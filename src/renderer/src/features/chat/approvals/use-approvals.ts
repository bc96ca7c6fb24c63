import { useCallback, useMemo, useState } from 'react'
import type { ApprovalAnswer } from '@shared/chat/approval'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { dropApproval, usePendingApprovals } from './pending-approvals'

/**
 * Claude's memory changes in this conversation that wait for the user. Main owns them; the page
 * keeps every conversation's in one list (pending-approvals.ts), so a card answered or cancelled
 * while another chat is shown is gone when the user comes back, and the badges agree with it.
 */
export function useApprovals(conversationId: string) {
  const pending = usePendingApprovals()
  const [answerError, setAnswerError] = useState<ShownError | null>(null)

  const answer = useCallback(
    async (approvalId: string, revision: number, choice: ApprovalAnswer, reason?: string) => {
      setAnswerError(null)
      try {
        const trimmed = reason?.trim()
        const { status } = await call((api) =>
          api.chat.answerApproval({
            approvalId,
            answer: choice,
            revision,
            ...(trimmed ? { reason: trimmed } : {})
          })
        )
        // The file moved again as the user answered: the card stays, showing the new plan.
        if (status === 'changed') return
        // Answered (or already gone, e.g. answered in another window): the card goes either way.
        dropApproval(approvalId)
      } catch (failure) {
        setAnswerError(toShownError(failure))
      }
    },
    []
  )

  const approvals = useMemo(
    () => pending.approvals.filter((a) => a.conversationId === conversationId),
    [pending.approvals, conversationId]
  )
  return { approvals, answer, error: answerError ?? pending.error }
}
