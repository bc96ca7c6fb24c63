import type {
  BetaClearThinking20251015Edit,
  BetaMessageParam,
  BetaThinkingConfigEnabled
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ChatMessage, Conversation } from '@shared/chat'
import type { Settings } from '@shared/settings'
import { budgetProblem, thinkingSupport } from '@shared/thinking'
import { FaultBeforeRequest } from '../faults'

/*
 * What extended thinking adds to a request, and the API's rules around it:
 * - `budget_tokens` ≥ 1,024 and < `max_tokens`;
 * - one thinking configuration per assistant turn: a memory-tool loop is one turn, and the
 *   assistant message that opened it must come back starting with its thinking block(s);
 * - thinking blocks come back unmodified; blocks from another model fail the signature check,
 *   and thinking from earlier turns may be left out, so only this model's blocks are sent back;
 * - `clear_thinking_20251015` is refused unless thinking is on.
 */

type ThinkingInput = Pick<Conversation, 'model' | 'thinking'>

/** The `thinking` parameter for this request, or null when thinking is off for it. */
export function thinkingParamFor(
  conversation: ThinkingInput,
  settings: Pick<Settings, 'maxTokens'>,
  messages: readonly BetaMessageParam[]
): BetaThinkingConfigEnabled | null {
  const setting = conversation.thinking
  if (!setting?.enabled || !thinkingSupport(conversation.model)) return null
  // A memory-tool loop that began without thinking goes on without it (changing mid-turn is a 400).
  if (turnStart(messages)?.startsWithThinking === false) return null
  const problem = budgetProblem(setting.budgetTokens, settings.maxTokens)
  if (problem)
    throw new FaultBeforeRequest({
      code: 'bad-request',
      message: problem,
      nextStep:
        'Change the thinking budget in the chat header (or Max tokens in Settings), then press Retry.',
      retryable: true,
      status: null
    })
  return { type: 'enabled', budget_tokens: setting.budgetTokens }
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
 * The saved messages with the thinking the API must not get back: blocks from another model (their
 * signatures would be refused) and thinking alone in a reply cut short before anything else (an
 * assistant message of only thinking). Thinking from earlier turns may be left out; the rest is
 * kept in order and unchanged. The same message is always treated the same way, so what later
 * thinking was created after never changes.
 */
export function withSendableThinking(
  messages: readonly ChatMessage[],
  model: string
): ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message
    const content = message.content.filter((block) => !isThinking(block))
    const keep = message.model === model && content.length > 0
    return keep || content.length === message.content.length ? message : { ...message, content }
  })
}

function isThinking(block: { type: string }): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking'
}

/** Why this setting cannot be saved for this conversation, or null. Turning thinking off always can. */
export function thinkingSettingProblem(
  model: string,
  setting: NonNullable<Conversation['thinking']>,
  maxTokens: number
): string | null {
  if (!setting.enabled) return null
  if (!thinkingSupport(model))
    return `${model} does not take extended thinking with a budget, so Cairn does not offer it for this conversation. Use a model that does, such as claude-sonnet-4-6 or claude-haiku-4-5.`
  return budgetProblem(setting.budgetTokens, maxTokens)
}
