import { describe, expect, it } from 'vitest'
import { modelFacts, PRICES_AS_OF, PRICES_SOURCE, pricedModels } from '../models/pricing'

/** The installed SDK's model list (@anthropic-ai/sdk 1.12.0, `Model`), without `string & {}`. */
const SDK_MODELS = [
  'claude-fable-5-2',
  'claude-mythos-5-2',
  'claude-haiku-5-5',
  'claude-sonnet-5-5',
  'claude-fable-5-1',
  'claude-opus-5-5',
  'claude-mythos-5-1',
  'claude-sonnet-5',
  'claude-fable-5',
  'claude-mythos-5',
  'claude-opus-5',
  'claude-opus-4-8',
  'claude-opus-4-7',
  'claude-mythos-preview',
  'claude-opus-4-6',
  'claude-sonnet-4-6',
  'claude-haiku-4-5',
  'claude-haiku-4-5-20251001',
  'claude-opus-4-5',
  'claude-opus-4-5-20251101',
  'claude-sonnet-4-5',
  'claude-sonnet-4-5-20250929'
]

describe('the price table', () => {
  it('says where and when it was taken', () => {
    expect(PRICES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(PRICES_SOURCE).toBe('https://platform.claude.com/docs/en/about-claude/pricing')
  })

  it('prices every model of the SDK list except Mythos Preview, which has no published price', () => {
    const unpriced = SDK_MODELS.filter((id) => modelFacts(id) === null)
    expect(unpriced).toEqual(['claude-mythos-preview'])
  })

  it('finds a model by its exact id, with the rates of the pricing page', () => {
    expect(modelFacts('claude-sonnet-4-6')).toMatchObject({
      name: 'Claude Sonnet 4.6',
      rates: { input: 3, output: 15, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3 }
    })
    // Prices only: a model's window and limits come from GET /v1/models.
    expect(modelFacts('claude-sonnet-4-6')).not.toHaveProperty('contextWindow')
    expect(modelFacts('claude-opus-5-5')?.rates).toEqual({
      input: 4,
      output: 20,
      cacheWrite5m: 5,
      cacheWrite1h: 8,
      cacheRead: 0.2
    })
  })

  it('a dated snapshot costs what its alias costs (Claude API and Google Cloud spelling)', () => {
    expect(modelFacts('claude-haiku-4-5-20251001')?.id).toBe('claude-haiku-4-5')
    expect(modelFacts('claude-opus-4-5@20251101')?.id).toBe('claude-opus-4-5')
  })

  it('an unknown model has no price: never the nearest one', () => {
    for (const id of [
      'claude-opus-4-1', // retired, not in the table
      'claude-opus-4', // a prefix of known ids
      'claude-sonnet-4-6-beta',
      'claude-haiku-4-5-2025', // not a date
      'claude-opus-9',
      'gpt-4o',
      ''
    ])
      expect(modelFacts(id), id).toBeNull()
  })

  it('every price in the table is sane: 1h writes cost more than 5m writes, reads less than input', () => {
    for (const m of pricedModels()) {
      const all = [m.rates, ...(m.longPrompt ? [m.longPrompt.rates] : [])]
      for (const r of all) {
        expect(r.cacheWrite1h, m.id).toBeGreaterThan(r.cacheWrite5m)
        expect(r.cacheWrite5m, m.id).toBeGreaterThan(r.input)
        expect(r.cacheRead, m.id).toBeLessThan(r.input)
        expect(r.output, m.id).toBeGreaterThan(r.input)
      }
    }
  })
})
