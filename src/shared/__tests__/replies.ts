import type { AssistantMessage, Usage } from '../chat/chat'

/** A finished answer from `model` with the usage its request reported (cost and gauge tests). */
export const assistantReply = (model: string, usage: Usage | null): AssistantMessage => ({
  id: `a-${Math.random()}`,
  role: 'assistant',
  createdAt: '2026-11-01T00:00:00Z',
  model,
  content: [{ type: 'text', text: 'ok' }],
  status: 'complete',
  stopReason: 'end_turn',
  usage,
  error: null
})
