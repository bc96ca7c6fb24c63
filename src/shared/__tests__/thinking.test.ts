import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '../chat/chat'
import { budgetProblem, ThinkingSettingSchema } from '../chat/thinking'

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
      version: 2,
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
