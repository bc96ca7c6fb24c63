import type {
  BetaClearThinking20251015Edit,
  BetaMessageParam,
  BetaThinkingConfigParam
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ChatMessage, Conversation } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'
import { effortFor, thinkingOffer, type Effort } from '@shared/models/model-caps'
import { budgetProblem, THINKING_DEFAULT_BUDGET, THINKING_OFF } from '@shared/chat/thinking'
import { FaultBeforeRequest } from '../api/faults'

/*
 * What thinking and effort add to a request, the way the model takes them (its capabilities
 * from GET /v1/models; a model described by nothing gets no thinking and no effort):
 * - on: `adaptive` with `display: "summarized"` (the newest models default to `omitted`, empty
 *   text nobody can read), or `enabled` with a budget where that is all the model takes;
 * - off: `disabled`, or `between_tools` where `disabled` is refused; a model that always thinks
 *   is asked for `adaptive` as if on (its switch reads "always on");
 * - effort: `output_config.effort`, with thinking on or off, at the chosen level or the nearest
 *   one the model offers.
 * The API's rules around budget thinking still hold: `budget_tokens` ≥ 1,024 and < `max_tokens`,
 * and one thinking configuration per tool loop (the assistant message that opened it comes back
 * starting with its thinking, or the loop goes on without).
 */

export interface ThinkingRequest {
  thinking: BetaThinkingConfigParam | null
  effort: Effort | null
  /** Thinking is asked for (context editing may then clear old thinking). */
  on: boolean
}

const NONE: ThinkingRequest = { thinking: null, effort: null, on: false }

export function thinkingRequestFor(
  conversation: Pick<Conversation, 'thinking'>,
  model: ModelOption | null | undefined,
  limit: { maxTokens: number; limitName: string },
  messages: readonly BetaMessageParam[]
): ThinkingRequest {
  const offer = thinkingOffer(model?.caps)
  if (!offer) return NONE
  const setting = conversation.thinking ?? THINKING_OFF
  const effort = effortFor(setting.effort, offer.efforts)
  const wanted = setting.enabled || offer.off === 'always'
  if (wanted && offer.on === 'adaptive')
    return { thinking: { type: 'adaptive', display: 'summarized' }, effort, on: true }
  // A budget-thinking tool loop that began without thinking goes on without it (a 400 otherwise).
  if (wanted && offer.on === 'enabled' && turnStart(messages)?.startsWithThinking !== false) {
    const budget = setting.budgetTokens ?? THINKING_DEFAULT_BUDGET
    const problem = budgetProblem(budget, limit.maxTokens, limit.limitName)
    if (problem)
      throw new FaultBeforeRequest({
        code: 'bad-request',
        message: problem,
        nextStep:
          'Change the thinking budget in the chat header (or Max tokens in Settings), then press Retry.',
        retryable: true,
        status: null
      })
    return { thinking: { type: 'enabled', budget_tokens: budget }, effort, on: true }
  }
  if (offer.off === 'disabled') return { thinking: { type: 'disabled' }, effort, on: false }
  if (offer.off === 'between_tools')
    return { thinking: { type: 'between_tools' }, effort, on: false }
  return { thinking: null, effort, on: false }
}

/**
 * The edit that goes with thinking when context editing is on. Cairn sends every thinking block
 * back, so all are kept: the prompt cache stays warm, and tool clearing or compaction still bound
 * the context. The API wants it listed before `clear_tool_uses`.
 */
export const CLEAR_THINKING_EDIT: BetaClearThinking20251015Edit = {
  type: 'clear_thinking_20251015',
  keep: 'all'
}

/**
 * The assistant message that opened the tool loop this request continues (its last message
 * answers tool calls), or null when the request starts a new turn.
 */
function turnStart(messages: readonly BetaMessageParam[]): { startsWithThinking: boolean } | null {
  const last = messages[messages.length - 1]
  if (!last || last.role !== 'user' || !hasBlock(last, (type) => type === 'tool_result'))
    return null
  let start: BetaMessageParam | null = null
  for (let i = messages.length - 2; i >= 0; i -= 1) {
    const message = messages[i] as BetaMessageParam
    if (message.role === 'assistant') start = message
    else if (hasBlock(message, (type) => type !== 'tool_result')) break
  }
  if (!start || !Array.isArray(start.content)) return null
  const first = start.content[0]
  return {
    startsWithThinking: first?.type === 'thinking' || first?.type === 'redacted_thinking'
  }
}

function hasBlock(message: BetaMessageParam, test: (type: string) => boolean): boolean {
  if (typeof message.content === 'string') return test('text')
  return (message.content ?? []).some((block) => test(block.type))
}

/**
 * The saved messages with the thinking the API must not get back: blocks from another model (its
 * binding check refuses them), blocks from before `since` (the history before that moment
 * changed: a model switch, a new request frame), and thinking alone in a reply cut short before
 * anything else. Everything else goes back exactly as it came. The same message is always treated
 * the same way, so what later thinking was created after never changes.
 */
export function withSendableThinking(
  messages: readonly ChatMessage[],
  model: string,
  since?: string
): ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message
    const content = message.content.filter((block) => !isThinking(block))
    const keep =
      message.model === model && content.length > 0 && (!since || message.createdAt >= since)
    return keep || content.length === message.content.length ? message : { ...message, content }
  })
}

function isThinking(block: { type: string }): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking'
}
