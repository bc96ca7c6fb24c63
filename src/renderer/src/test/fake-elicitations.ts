import type { AnswerElicitationInput, PendingElicitation } from '@shared/mcp/elicitation'

/** MCP servers' questions for renderer tests: listed and answered like main does. */
export function createFakeElicitations(
  emit: (event: 'mcp:elicitation-resolved', payload: unknown) => void
) {
  const pending = new Map<string, PendingElicitation>()
  const answers: AnswerElicitationInput[] = []
  const handlers = {
    'mcp:list-elicitations': () => ({ elicitations: [...pending.values()] }),
    'mcp:answer-elicitation': (input: AnswerElicitationInput) => {
      const elicitation = pending.get(input.elicitationId)
      if (!elicitation) return { status: 'gone' }
      pending.delete(input.elicitationId)
      answers.push(input)
      const outcome = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' }[input.action]
      emit('mcp:elicitation-resolved', {
        elicitationId: elicitation.id,
        conversationId: elicitation.conversationId,
        outcome
      })
      return { status: 'answered' }
    }
  }
  return { pending, answers, handlers }
}
