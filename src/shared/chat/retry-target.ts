import type { AssistantMessage, ChatMessage } from './chat'

/*
 * What a retry replaces, for main (which removes it from the saved conversation) and the renderer
 * (which removes it from the screen at once, so the old error never lingers beside the new answer).
 */

/** The last message that is not a notice: what the conversation ends with. */
export function lastSpoken(messages: readonly ChatMessage[]): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]
    if (message && message.role !== 'notice') return message
  }
  return undefined
}

/** A reply that failed or was stopped: a retry replaces it with a new one. */
export function isUnfinishedReply(message: ChatMessage | undefined): message is AssistantMessage {
  return message?.role === 'assistant' && message.status !== 'complete'
}

/** The messages as they stand once a retry has removed the unfinished reply, if there is one. */
export function withoutUnfinishedReply(messages: readonly ChatMessage[]): ChatMessage[] {
  const tail = lastSpoken(messages)
  return isUnfinishedReply(tail) ? messages.filter((m) => m !== tail) : [...messages]
}
