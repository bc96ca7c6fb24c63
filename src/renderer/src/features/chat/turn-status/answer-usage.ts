import type { AssistantMessage, ChatMessage, Usage } from '@shared/chat/chat'
import { repliesCost, type CostTotal } from '@shared/models/cost'

/*
 * One usage line per answer. An answer is every reply Claude wrote for one message of yours: with
 * memory operations that is several API rounds (a saved reply each), joined by tool results.
 */

function isUserText(message: ChatMessage): boolean {
  return message.role === 'user' && message.content.some((b) => b.type === 'text')
}

function sum(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens
  }
}

export function isZeroUsage(usage: Usage): boolean {
  return (
    usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens === 0
  )
}

/**
 * The id of each answer's last reply → the replies (API rounds) of that answer. The answer still
 * being written is left out until it is whole.
 */
export function answerRounds(
  messages: readonly ChatMessage[],
  running: boolean
): Map<string, AssistantMessage[]> {
  const answers = new Map<string, AssistantMessage[]>()
  let rounds: AssistantMessage[] = []
  const close = (): void => {
    const last = rounds.at(-1)
    if (last) answers.set(last.id, rounds)
    rounds = []
  }
  for (const message of messages) {
    if (isUserText(message)) close()
    else if (message.role === 'assistant') rounds.push(message)
  }
  if (!running) close()
  return answers
}

/** What one answer used and cost: its rounds added up. */
export interface AnswerUsage {
  usage: Usage
  cost: CostTotal
}

/**
 * The id of each answer's last reply → the usage summed over its rounds, and their cost. Answers
 * that used no tokens (failed before the API counted any) get no line; nor does the answer still
 * being written.
 */
export function answerUsage(
  messages: readonly ChatMessage[],
  running: boolean
): Map<string, AnswerUsage> {
  const lines = new Map<string, AnswerUsage>()
  for (const [id, rounds] of answerRounds(messages, running)) {
    const usages = rounds.flatMap((r) => (r.usage ? [r.usage] : []))
    const [first, ...rest] = usages
    if (!first) continue
    const usage = rest.reduce(sum, first)
    if (!isZeroUsage(usage)) lines.set(id, { usage, cost: repliesCost(rounds) })
  }
  return lines
}

/** The last reply of each answer so far (the one still being written too): its model line goes there. */
export function answerEnds(messages: readonly ChatMessage[]): Set<string> {
  return new Set(answerRounds(messages, false).keys())
}
