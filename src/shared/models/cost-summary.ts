import type { AssistantMessage, BranchPoint, ChatMessage, Conversation, Usage } from '../chat/chat'
import { COST_WINDOW_DAYS, requestCost, type CostSummary } from './cost'
import { modelFacts, PRICES_AS_OF, PRICES_SOURCE } from './pricing'

/*
 * What the last 30 days cost (Settings → About), from the saved conversations: every reply saved
 * in the window, earlier versions kept by an edit or a regenerate included (they were paid for).
 * Pure (main runs it over the conversations it holds in memory; the clock is passed in).
 */

const DAY_MS = 24 * 60 * 60 * 1000

function* replies(
  messages: readonly ChatMessage[],
  branches: readonly BranchPoint[] = []
): Generator<AssistantMessage> {
  for (const m of messages) if (m.role === 'assistant') yield m
  for (const point of branches)
    for (const tail of point.others) yield* replies(tail.messages, tail.branches)
}

interface Row {
  model: string
  usd: number | null
  usage: Usage
}

function add(usage: Usage, more: Usage): Usage {
  return {
    inputTokens: usage.inputTokens + more.inputTokens,
    outputTokens: usage.outputTokens + more.outputTokens,
    cacheReadTokens: usage.cacheReadTokens + more.cacheReadTokens,
    cacheCreationTokens: usage.cacheCreationTokens + more.cacheCreationTokens
  }
}

/** Counted when saved at or after `since`; times that do not parse are left out. */
function inWindow(reply: AssistantMessage, since: number, now: number): boolean {
  const at = Date.parse(reply.createdAt)
  return Number.isFinite(at) && at >= since && at <= now
}

export function costSummary(
  conversations: readonly Conversation[],
  now: Date,
  days = COST_WINDOW_DAYS
): CostSummary {
  const end = now.getTime()
  const since = end - days * DAY_MS
  const rows = new Map<string, Row>()
  for (const conversation of conversations)
    for (const reply of replies(conversation.messages, conversation.branches)) {
      if (!reply.usage || !inWindow(reply, since, end)) continue
      // Snapshots are billed as their alias: one row per priced model, raw ids for the others.
      const key = modelFacts(reply.model)?.id ?? reply.model
      const usd = requestCost(reply.model, reply.usage)
      const row = rows.get(key)
      rows.set(
        key,
        row
          ? {
              model: key,
              usd: row.usd === null || usd === null ? null : row.usd + usd,
              usage: add(row.usage, reply.usage)
            }
          : { model: key, usd, usage: reply.usage }
      )
    }
  const all = [...rows.values()]
  const models = all
    .filter((r): r is Row & { usd: number } => r.usd !== null)
    .sort((a, b) => b.usd - a.usd)
    .map((r) => ({
      model: r.model,
      name: modelFacts(r.model)?.name ?? r.model,
      usd: r.usd,
      ...r.usage
    }))
  const unpriced = all
    .filter((r) => r.usd === null)
    .sort((a, b) => a.model.localeCompare(b.model))
    .map((r) => ({ model: r.model, ...r.usage }))
  return {
    since: new Date(since).toISOString(),
    days,
    totalUsd: models.reduce((sum, m) => sum + m.usd, 0),
    models,
    unpriced,
    pricesAsOf: PRICES_AS_OF,
    pricesSource: PRICES_SOURCE
  }
}
