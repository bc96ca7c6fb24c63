import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '../chat'
import { budgetProblem, ThinkingSettingSchema, thinkingSupport } from '../thinking'

describe('which models are offered extended thinking', () => {
  test.each([
    ['claude-sonnet-4-6', 'deprecated'],
    ['claude-opus-4-6', 'deprecated'],
    ['claude-haiku-4-5-20251001', 'supported'],
    ['claude-sonnet-4-5-20250929', 'supported'],
    ['claude-opus-4-20250514', 'supported'],
    ['claude-opus-4-1', 'supported'],
    ['claude-3-7-sonnet-latest', 'supported'],
    ['claude-sonnet-4@20250514', 'supported'],
    ['Claude-Sonnet-4-5', 'supported']
  ])('%s takes a thinking budget (%s)', (model, status) => {
    expect(thinkingSupport(model)?.status).toBe(status)
  })

  test.each([
    // These refuse `thinking.type: "enabled"` with a 400.
    'claude-opus-4-7',
    'claude-opus-4-8',
    'claude-sonnet-5',
    'claude-sonnet-5-5',
    'claude-fable-5-1',
    'claude-mythos-5',
    'claude-haiku-5-5',
    // Unknown ids are never guessed.
    'claude-opus-4-99',
    'claude-3-5-haiku-20241022',
    'gpt-4o',
    'claude-sonnet-4-6-extra',
    ''
  ])('%s is not offered thinking', (model) => {
    expect(thinkingSupport(model)).toBeNull()
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
      { budgetTokens: 2048 }
    ])
      expect(ThinkingSettingSchema.safeParse(bad).success).toBe(false)
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
