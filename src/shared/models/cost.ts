import { z } from 'zod'
import type { AssistantMessage, ChatMessage, Usage } from '../chat/chat'
import { modelFacts, type Rates } from './pricing'
import { WEB_SEARCH_USD_PER_1000 } from '../chat/web-tools'

/*
 * What tokens cost, from the price table. Pure arithmetic: each saved reply is one API request, so
 * it is priced on its own (a prompt-length tier applies per request), then answers and
 * conversations add their requests up. A model without a price costs `null`: tokens only.
 */

const PER_TOKEN = 1 / 1_000_000

/** Input, cache reads and cache writes: everything the request sent. */
export function promptTokens(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens
}

export function totalTokens(usage: Usage): number {
  return promptTokens(usage) + usage.outputTokens
}

/**
 * The rates one request pays. Cache writes are priced at the 5-minute rate: Cairn's breakpoints
 * use the API's default lifetime, and the saved usage does not split writes by lifetime.
 */
function ratesFor(model: string, usage: Usage): Rates | null {
  const facts = modelFacts(model)
  if (!facts) return null
  const long = facts.longPrompt
  return long && promptTokens(usage) > long.overTokens ? long.rates : facts.rates
}

/**
 * US dollars for one API request, or null when the model has no price. Web searches Anthropic
 * ran for it are billed per search on top ($10 per 1,000); web fetches cost only their tokens.
 */
export function requestCost(model: string, usage: Usage): number | null {
  const r = ratesFor(model, usage)
  if (!r) return null
  return (
    (usage.inputTokens * r.input +
      usage.outputTokens * r.output +
      usage.cacheCreationTokens * r.cacheWrite5m +
      usage.cacheReadTokens * r.cacheRead) *
      PER_TOKEN +
    ((usage.webSearchRequests ?? 0) * WEB_SEARCH_USD_PER_1000) / 1000
  )
}

/** What some requests cost: the priced ones in dollars, the others as tokens (never guessed). */
export interface CostTotal {
  usd: number
  /** Requests priced. */
  priced: number
  /** Tokens of requests whose model has no price. */
  unpricedTokens: number
}

export const ZERO_COST: CostTotal = { usd: 0, priced: 0, unpricedTokens: 0 }

export function addRequest(total: CostTotal, model: string, usage: Usage): CostTotal {
  const usd = requestCost(model, usage)
  return usd === null
    ? { ...total, unpricedTokens: total.unpricedTokens + totalTokens(usage) }
    : { ...total, usd: total.usd + usd, priced: total.priced + 1 }
}

/** The cost of some replies (the rounds of one answer, or a whole conversation). */
export function repliesCost(replies: Iterable<AssistantMessage>): CostTotal {
  let total = ZERO_COST
  for (const reply of replies) if (reply.usage) total = addRequest(total, reply.model, reply.usage)
  return total
}

/** A conversation's total: every reply of the version shown. */
export function conversationCost(messages: readonly ChatMessage[]): CostTotal {
  return repliesCost(messages.filter((m): m is AssistantMessage => m.role === 'assistant'))
}

/** A price for the UI: null when part of it is unknown (then the UI shows tokens instead). */
export function knownUsd(total: CostTotal): number | null {
  return total.unpricedTokens > 0 ? null : total.usd
}

// ---- the last 30 days (Settings → About), computed in main ---------------------------------------

export const COST_WINDOW_DAYS = 30

const Count = z.number().int().min(0)
const Tokens = {
  inputTokens: Count,
  outputTokens: Count,
  cacheReadTokens: Count,
  cacheCreationTokens: Count
}
export const CostSummarySchema = z.object({
  /** The window's start (ISO): replies saved at or after it count. */
  since: z.string(),
  days: z.number().int().min(1),
  totalUsd: z.number().min(0),
  /** Per priced model, most expensive first. */
  models: z.array(
    z.object({ model: z.string(), name: z.string(), usd: z.number().min(0), ...Tokens })
  ),
  /** Models without a price: their tokens, never a guessed price. */
  unpriced: z.array(z.object({ model: z.string(), ...Tokens })),
  pricesAsOf: z.string(),
  pricesSource: z.string()
})
export type CostSummary = z.infer<typeof CostSummarySchema>

const USD_SMALL = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4
})
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** $0.0123 below a dollar (an answer's cost is often a fraction of a cent), $12.34 above. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00'
  if (usd < 0.0001) return '<$0.0001'
  return usd < 1 ? USD_SMALL.format(usd) : USD.format(usd)
}
