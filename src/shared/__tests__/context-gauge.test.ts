import { describe, expect, it } from 'vitest'
import { assistantReply } from './replies'
import type { Usage } from '../chat/chat'
import { contextGauge, contextHint, percentText, shortTokens } from '../chat/context-gauge'

const EDITING = { enabled: true, triggerTokens: 100_000, compaction: false }
const OFF = { enabled: false, triggerTokens: 100_000, compaction: false }

const usage = (input: number, read = 0, write = 0, output = 10): Usage => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: read,
  cacheCreationTokens: write
})
const reply = assistantReply
// As GET /v1/models gives them (`max_input_tokens`); a model it does not describe has none.
const WINDOWS: Record<string, number> = {
  'claude-haiku-4-5': 200_000,
  'claude-sonnet-4-6': 1_000_000
}
const windowOf = (model: string) => WINDOWS[model] ?? null

describe('contextGauge', () => {
  it('the last request: input + cache reads + cache writes against the model window', () => {
    const gauge = contextGauge(
      [
        reply('claude-haiku-4-5', usage(10_000)),
        reply('claude-haiku-4-5', usage(4_000, 70_000, 10_000, 999))
      ],
      OFF,
      windowOf
    )
    expect(gauge).toEqual({ used: 84_000, window: 200_000, percent: 42, hint: null })
  })

  it('grows with the conversation, and a 1M model reads smaller for the same tokens', () => {
    const small = contextGauge([reply('claude-sonnet-4-6', usage(10_000))], OFF, windowOf)!
    const more = contextGauge(
      [reply('claude-sonnet-4-6', usage(10_000)), reply('claude-sonnet-4-6', usage(500_000))],
      OFF,
      windowOf
    )!
    expect(small.percent).toBe(1)
    expect(more.percent).toBe(50)
  })

  it('skips replies without usage (a failed request) to the last one that counted', () => {
    const gauge = contextGauge(
      [reply('claude-haiku-4-5', usage(20_000)), reply('claude-haiku-4-5', null)],
      OFF,
      windowOf
    )
    expect(gauge?.used).toBe(20_000)
  })

  it('no gauge before any reply, or for a model whose window is unknown', () => {
    expect(contextGauge([], EDITING, windowOf)).toBeNull()
    expect(
      contextGauge([reply('claude-mythos-preview', usage(10_000))], EDITING, windowOf)
    ).toBeNull()
  })

  it('never over 100%', () => {
    expect(contextGauge([reply('claude-haiku-4-5', usage(250_000))], OFF, windowOf)?.percent).toBe(
      100
    )
  })
})

describe('contextHint', () => {
  it('nothing while the chat is far from it; near it, what will happen in plain words; then that it happens', () => {
    expect(contextHint(10_000, 200_000, EDITING)).toBeNull()
    expect(contextHint(80_000, 200_000, EDITING)).toBe(
      'Long chat: from 100K tokens, older tool results stop being sent to Claude (you still see them here)'
    )
    expect(contextHint(100_000, 200_000, EDITING)).toBe(
      'Long chat (over 100K tokens): older tool results are no longer sent to Claude; you still see them here'
    )
  })

  it('compaction: the API default of 150K, or editing first when it starts sooner', () => {
    const compaction = { enabled: false, triggerTokens: 100_000, compaction: true }
    expect(contextHint(120_000, 1_000_000, compaction)).toBe(
      'Long chat: from 150K tokens, Claude gets earlier messages as a summary'
    )
    expect(contextHint(160_000, 1_000_000, compaction)).toBe(
      'Long chat (over 150K tokens): Claude gets earlier messages as a summary; you still see them here'
    )
    expect(contextHint(90_000, 1_000_000, { ...EDITING, compaction: true })).toMatch(
      /^Long chat: from 100K tokens, older tool results/
    )
    expect(
      contextHint(120_000, 1_000_000, { enabled: true, triggerTokens: 500_000, compaction: true })
    ).toMatch(/^Long chat: from 150K tokens, Claude gets earlier messages/)
  })

  it('nothing when off, or when the trigger lies beyond the window', () => {
    expect(contextHint(190_000, 200_000, OFF)).toBeNull()
    expect(contextHint(190_000, 200_000, { ...EDITING, triggerTokens: 500_000 })).toBeNull()
  })
})

describe('texts', () => {
  it('short token sizes and percent', () => {
    expect(shortTokens(100_000)).toBe('100K')
    expect(shortTokens(1_000_000)).toBe('1M')
    expect(shortTokens(1_500_000)).toBe('1.5M')
    expect(percentText(0.2)).toBe('<1%')
    expect(percentText(0)).toBe('0%')
    expect(percentText(41.6)).toBe('42%')
  })
})
