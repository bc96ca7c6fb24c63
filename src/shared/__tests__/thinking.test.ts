import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '../chat'
import { budgetProblem, ThinkingSettingSchema } from '../thinking'

import { capabilities, NEWEST_MODELS, DEFAULT_MODELS } from '../../../e2e/fake-anthropic/models'
import { capsFromApi, effortFor, thinkingOffer } from '../model-caps'

const caps = (id: string) =>
  capsFromApi([...NEWEST_MODELS, ...DEFAULT_MODELS].find((m) => m.id === id)?.capabilities)

describe('what a model takes, read from its capabilities (never from its name)', () => {
  test('each thinking shape: adaptive, budget-only, off as between_tools, always on, none', () => {
    expect(thinkingOffer(caps('claude-sonnet-5-5'))).toEqual({
      on: 'adaptive',
      off: 'disabled',
      efforts: ['low', 'medium', 'high', 'xhigh', 'max']
    })
    expect(thinkingOffer(caps('claude-opus-5-5'))).toMatchObject({ off: 'between_tools' })
    expect(thinkingOffer(caps('claude-mythos-5-2'))).toEqual({
      on: 'adaptive',
      off: 'always',
      efforts: ['medium', 'high', 'max']
    })
    expect(thinkingOffer(caps('claude-haiku-4-5-20251001'))).toEqual({
      on: 'enabled',
      off: 'disabled',
      efforts: []
    })
    expect(thinkingOffer(capsFromApi(capabilities({ thinking: ['disabled'] })))).toEqual({
      on: null,
      off: 'none',
      efforts: []
    })
  })

  test('null, missing and unknown fields are tolerated; null capabilities offer nothing', () => {
    expect(capsFromApi(null)).toBeNull()
    expect(thinkingOffer(null)).toBeNull()
    const odd = capsFromApi({
      thinking: { supported: true, types: { adaptive: { supported: true }, future: { x: 1 } } },
      effort: { supported: true, low: null, high: { supported: true }, ultra: { supported: true } },
      server_tools: null,
      brand_new: { supported: true }
    })
    expect(odd).toMatchObject({
      thinking: { adaptive: true, enabled: false, disabled: false, betweenTools: false },
      effort: ['high'],
      webSearch: false,
      contextManagement: { clearToolUses: false, clearThinking: false, compact: false }
    })
    // A model that does not think takes no thinking type, even one the API marks supported.
    expect(
      capsFromApi({ thinking: { supported: false, types: { adaptive: { supported: true } } } })
        ?.thinking.adaptive
    ).toBe(false)
  })

  test('a chosen effort the model lacks: the nearest lower level it offers, else the lowest', () => {
    expect(effortFor('xhigh', ['low', 'medium', 'high', 'max'])).toBe('high')
    expect(effortFor('low', ['medium', 'high', 'max'])).toBe('medium')
    expect(effortFor('max', ['low', 'medium', 'high'])).toBe('high')
    expect(effortFor('high', [])).toBeNull()
    expect(effortFor(undefined, ['low'])).toBeNull()
  })
})

describe('the thinking budget', () => {
  test('is at least 1,024 and less than max_tokens, with a message that says what to change', () => {
    expect(budgetProblem(1024, 4096)).toBeNull()
    expect(budgetProblem(4095, 4096)).toBeNull()
    expect(budgetProblem(1023, 4096)).toContain('at least 1,024 tokens')
    expect(budgetProblem(4096, 4096)).toBe(
      'The thinking budget (4,096 tokens) must be less than the reply limit, Max tokens in Settings (4,096). Lower the budget, or raise Max tokens in Settings.'
    )
  })

  test('the schema refuses fractions, text and unknown keys', () => {
    expect(ThinkingSettingSchema.safeParse({ enabled: true, budgetTokens: 2048 }).success).toBe(
      true
    )
    for (const bad of [
      { enabled: true, budgetTokens: 2048.5 },
      { enabled: true, budgetTokens: '2048' },
      { enabled: true, budgetTokens: 512 },
      { enabled: true, budgetTokens: 2048, display: 'omitted' },
      { budgetTokens: 2048 },
      { enabled: true, effort: 'extreme' },
      { enabled: true, effort: 3 }
    ])
      expect(ThinkingSettingSchema.safeParse(bad).success).toBe(false)
    for (const good of [
      { enabled: true, effort: 'xhigh' },
      { enabled: false, effort: 'low' }
    ])
      expect(ThinkingSettingSchema.safeParse(good).success).toBe(true)
  })

  test('a conversation file without a thinking setting still reads (the field is additive)', () => {
    const file = {
      version: 1,
      id: 'abcdefgh-1234',
      title: 'Old',
      titleSource: 'auto',
      model: 'claude-sonnet-4-6',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      messages: []
    }
    const parsed = ConversationSchema.parse(file)
    expect(parsed.thinking).toBeUndefined()
    const on = ConversationSchema.parse({
      ...file,
      thinking: { enabled: true, budgetTokens: 2048 }
    })
    expect(on.thinking).toEqual({ enabled: true, budgetTokens: 2048 })
  })
})
