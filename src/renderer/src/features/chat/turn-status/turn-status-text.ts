import type { ChatFault } from '@shared/chat/chat'
import type { ChatRetrying } from '@shared/chat/events'

/*
 * The words of the wait before an answer: "Claude is thinking…" until the first token, and
 * "Overloaded, retrying in 6 s, try 2 of 4" while Cairn waits to send the request again.
 */

export const THINKING_TEXT = 'Claude is thinking…'
export const APPROVAL_TEXT = 'Waiting for your approval'
/** An MCP server's form waits in the chat (elicitation): the tool call goes on once answered. */
export const ANSWER_TEXT = 'Waiting for your answer to the form'

/** Why Cairn is retrying, in two or three words. */
export function retryReason(fault: ChatFault): string {
  switch (fault.code) {
    case 'overloaded':
      // 529 (or the stream's overloaded_error, which has no status) is overload; other 5xx are not.
      return fault.status === null || fault.status === 529 ? 'Overloaded' : 'Anthropic server error'
    case 'rate-limited':
      return 'Rate limited'
    case 'offline':
      return 'Cannot reach Anthropic'
    case 'timeout':
      return 'No answer in time'
    case 'stream-cut':
      return 'Connection dropped'
    default:
      return 'Request failed'
  }
}

/** "1 s", "6 s": the unit symbol does not change with the number. */
export function secondsText(seconds: number): string {
  return `${Math.max(0, Math.ceil(seconds))} s`
}

/** Seconds left until `retryAt`, counted from its time (so the countdown never drifts). */
export function secondsUntil(retryAt: string, now: number): number | null {
  const at = Date.parse(retryAt)
  if (!Number.isFinite(at)) return null
  return Math.max(0, Math.ceil((at - now) / 1000))
}

type RetryAttempt = Pick<ChatRetrying, 'attempt' | 'maxAttempts' | 'reason'>

/** The visible line: "Overloaded, retrying in 6 s, try 2 of 4". */
export function retryingText(retrying: RetryAttempt, secondsLeft: number): string {
  const when = secondsLeft > 0 ? `retrying in ${secondsText(secondsLeft)}` : 'retrying now'
  return `${retryReason(retrying.reason)}, ${when}, try ${retrying.attempt} of ${retrying.maxAttempts}`
}

/** What a screen reader hears once per attempt (a line that changed every second would chatter). */
export function retryingAnnouncement(retrying: RetryAttempt): string {
  return `${retryReason(retrying.reason)}. Cairn will try again on its own, try ${retrying.attempt} of ${retrying.maxAttempts}. Press Stop to cancel.`
}
