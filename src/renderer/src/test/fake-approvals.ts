import type { AnswerApprovalInput, PendingApproval } from '@shared/chat/approval'

/** Pending write approvals for renderer tests: listed and answered like main does. */
export function createFakeApprovals(
  emit: (event: 'chat:approval-resolved', payload: unknown) => void
) {
  const pending = new Map<string, PendingApproval>()
  const answers: AnswerApprovalInput[] = []
  const handlers = {
    'chat:list-approvals': (input?: { conversationId?: string }) => ({
      approvals: [...pending.values()].filter(
        (a) => !input?.conversationId || a.conversationId === input.conversationId
      )
    }),
    'chat:answer-approval': (input: AnswerApprovalInput) => {
      const approval = pending.get(input.approvalId)
      if (!approval) return { status: 'gone' }
      pending.delete(input.approvalId)
      answers.push(input)
      emit('chat:approval-resolved', {
        conversationId: approval.conversationId,
        approvalId: approval.id,
        outcome: input.answer === 'decline' ? 'declined' : 'approved'
      })
      return { status: 'answered' }
    }
  }
  return { pending, answers, handlers }
}
