import type { AssistantMessage, ChatMessage } from './chat'

/*
 * Why a reply stopped, as the API says (`stop_reason`), in words for the person reading it, and
 * whether "Continue" can pick the answer up again. `end_turn` and `tool_use` are the normal ends
 * (a finished answer; a memory command Cairn runs and answers) and say nothing.
 */

/** Every `stop_reason` the Messages API defines. */
export const STOP_REASONS = [
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded'
] as const

export interface StopNotice {
  text: string
  /** "Continue" asks for the rest: after the reply limit, or a pause of a long server step. */
  canContinue: boolean
}

export function stopNotice(stopReason: string | null): StopNotice | null {
  switch (stopReason) {
    case 'max_tokens':
      return {
        text: 'The answer was cut off: it reached the reply limit (Max tokens in Settings, or the most this model writes).',
        canContinue: true
      }
    case 'pause_turn':
      return {
        text: 'Claude paused a long step (a web search or fetch) before finishing.',
        canContinue: true
      }
    case 'refusal':
      return {
        text: 'Claude declined to go on with this answer (a safety refusal). Rephrase the request or start a new chat.',
        canContinue: false
      }
    case 'model_context_window_exceeded':
      return {
        text: "The answer was cut off: the conversation filled the model's context window. Start a new chat, or turn on context editing in Settings.",
        canContinue: false
      }
    case 'stop_sequence':
      return { text: 'The answer stopped at a stop sequence.', canContinue: false }
    default:
      return null
  }
}

/** The reply "Continue" would pick up: the conversation's last one, whole, that can go on. */
export function continuable(messages: readonly ChatMessage[]): AssistantMessage | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]
    if (!message || message.role === 'notice') continue
    if (message.role !== 'assistant' || message.status !== 'complete') return null
    return stopNotice(message.stopReason)?.canContinue ? message : null
  }
  return null
}
