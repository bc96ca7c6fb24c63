import { describe, expect, test } from 'vitest'
import {
  capabilities,
  NEWEST_MODELS,
  DEFAULT_MODELS
} from '../../../../../e2e/fake-anthropic/models'
import { capsFromApi, effortFor, thinkingOffer } from '@shared/models/model-caps'

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
