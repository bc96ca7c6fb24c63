/*
 * What each Claude model costs, for the cost shown beside each answer. This is the one table of
 * models Cairn keeps: the API has no price field. Everything else about a model (its limits,
 * context window, what it takes) comes from GET /v1/models. Prices are US dollars per million
 * tokens (MTok), the standard Claude API rates (no Batch API discount, no regional
 * `inference_geo` surcharge).
 *
 * Taken on PRICES_AS_OF from Anthropic's pricing page (PRICES_SOURCE) and the model pages it links
 * (platform.claude.com/docs/en/models/<model>/overview), for the models in the installed SDK's
 * model list (@anthropic-ai/sdk 1.12.0, `Model`). Claude Mythos Preview is left out: no price for
 * it is published, and a model without a row shows its tokens only, at an "unknown price", never
 * a guessed one.
 *
 * Update this file, and only this file, when the page changes.
 */

export const PRICES_AS_OF = '2026-11-22'
export const PRICES_SOURCE = 'https://platform.claude.com/docs/en/about-claude/pricing'

/** US dollars per million tokens. */
export interface Rates {
  /** Input tokens not read from or written to the cache. */
  input: number
  output: number
  /** Cache writes with the default 5-minute lifetime. */
  cacheWrite5m: number
  /** Cache writes with `ttl: '1h'` (they cost more than 5-minute writes). */
  cacheWrite1h: number
  /** Cache hits and refreshes. */
  cacheRead: number
}

export interface ModelFacts {
  /** The model's id without a date suffix, as the API's alias names it. */
  id: string
  name: string
  rates: Rates
  /**
   * Some models price a request by its prompt length: past `overTokens` (input, cache reads and
   * cache writes together) every token of that request, output included, pays `rates`.
   */
  longPrompt?: { overTokens: number; rates: Rates }
}

const K = 1_000

const rates = (
  input: number,
  cacheWrite5m: number,
  cacheWrite1h: number,
  cacheRead: number,
  output: number
): Rates => ({ input, output, cacheWrite5m, cacheWrite1h, cacheRead })

const FABLE_5_2 = rates(8, 10, 16, 0.2, 40)
const FABLE_5_1 = rates(10, 12.5, 20, 0.25, 50)
const FABLE_5 = rates(10, 12.5, 20, 1, 50)
const OPUS_5_5 = rates(4, 5, 8, 0.2, 20)
const OPUS = rates(5, 6.25, 10, 0.5, 25)
// Sonnet 5.5's cache reads went from $0.20 to $0.10 on 2026-10-07.
const SONNET_5_5 = rates(2, 2.5, 4, 0.1, 10)
const SONNET_5 = rates(2, 2.5, 4, 0.2, 10)
const SONNET_4 = rates(3, 3.75, 6, 0.3, 15)
const HAIKU_5_5 = rates(0.1, 0.125, 0.2, 0.01, 0.5)
const HAIKU_5_5_LONG = rates(0.5, 0.625, 1, 0.05, 2.5)
const HAIKU_4_5 = rates(1, 1.25, 2, 0.1, 5)

const MODELS: readonly ModelFacts[] = [
  { id: 'claude-fable-5-2', name: 'Claude Fable 5.2', rates: FABLE_5_2 },
  // Mythos shares the Fable model of the same version's specifications and pricing.
  { id: 'claude-mythos-5-2', name: 'Claude Mythos 5.2', rates: FABLE_5_2 },
  { id: 'claude-fable-5-1', name: 'Claude Fable 5.1', rates: FABLE_5_1 },
  { id: 'claude-mythos-5-1', name: 'Claude Mythos 5.1', rates: FABLE_5_1 },
  { id: 'claude-fable-5', name: 'Claude Fable 5', rates: FABLE_5 },
  { id: 'claude-mythos-5', name: 'Claude Mythos 5', rates: FABLE_5 },
  { id: 'claude-opus-5-5', name: 'Claude Opus 5.5', rates: OPUS_5_5 },
  { id: 'claude-opus-5', name: 'Claude Opus 5', rates: OPUS },
  { id: 'claude-opus-4-8', name: 'Claude Opus 4.8', rates: OPUS },
  { id: 'claude-opus-4-7', name: 'Claude Opus 4.7', rates: OPUS },
  { id: 'claude-opus-4-6', name: 'Claude Opus 4.6', rates: OPUS },
  { id: 'claude-opus-4-5', name: 'Claude Opus 4.5', rates: OPUS },
  { id: 'claude-sonnet-5-5', name: 'Claude Sonnet 5.5', rates: SONNET_5_5 },
  { id: 'claude-sonnet-5', name: 'Claude Sonnet 5', rates: SONNET_5 },
  { id: 'claude-sonnet-4-6', name: 'Claude Sonnet 4.6', rates: SONNET_4 },
  { id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5', rates: SONNET_4 },
  {
    id: 'claude-haiku-5-5',
    name: 'Claude Haiku 5.5',
    rates: HAIKU_5_5,
    longPrompt: { overTokens: 100 * K, rates: HAIKU_5_5_LONG }
  },
  { id: 'claude-haiku-4-5', name: 'Claude Haiku 4.5', rates: HAIKU_4_5 }
]

const BY_ID = new Map(MODELS.map((m) => [m.id, m]))

/**
 * A snapshot id names its alias plus the snapshot's date: `claude-haiku-4-5-20251001` on the
 * Claude API, `claude-opus-4-5@20251101` on Google Cloud. A snapshot costs what its alias costs.
 */
const SNAPSHOT_SUFFIX = /[-@]\d{8}$/

/** The price of a model id, or null for a model this table does not know: an unknown price. */
export function modelFacts(model: string): ModelFacts | null {
  return BY_ID.get(model) ?? BY_ID.get(model.replace(SNAPSHOT_SUFFIX, '')) ?? null
}

/** Every model with a price (for a test and the Settings listing). */
export function pricedModels(): readonly ModelFacts[] {
  return MODELS
}
