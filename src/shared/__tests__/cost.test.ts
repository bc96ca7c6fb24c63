import { describe, expect, it } from 'vitest'
import { assistantReply } from './replies'
import type { ChatMessage, Usage } from '../chat/chat'
import { conversationCost, formatUsd, knownUsd, requestCost } from '../models/cost'

const usage = (input: number, output: number, read = 0, write = 0): Usage => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: read,
  cacheCreationTokens: write
})
const reply = assistantReply

describe('requestCost', () => {
  it('prices input, output, cache writes and cache reads each at their own rate', () => {
    // Sonnet 4.6 per million: $3 input, $15 output, $3.75 5-minute write, $0.30 read.
    // 2,000×3 + 500×15 + 10,000×3.75 + 50,000×0.30 = 6,000 + 7,500 + 37,500 + 15,000 = 66,000 µ$
    expect(requestCost('claude-sonnet-4-6', usage(2_000, 500, 50_000, 10_000))).toBeCloseTo(
      0.066,
      12
    )
  })

  it('a cache hit is far cheaper than sending the same tokens again', () => {
    const fresh = requestCost('claude-opus-4-8', usage(100_000, 0))!
    const cached = requestCost('claude-opus-4-8', usage(0, 0, 100_000))!
    expect(fresh).toBeCloseTo(0.5, 12) // $5 per million
    expect(cached).toBeCloseTo(0.05, 12) // $0.50 per million
  })

  it('Haiku 5.5: a prompt over 100,000 tokens (cache included) pays the higher band on every token', () => {
    // At 100,000 prompt tokens: the lower band ($0.10 in, $0.01 read, $0.50 out).
    expect(requestCost('claude-haiku-5-5', usage(50_000, 1_000, 50_000))).toBeCloseTo(
      (50_000 * 0.1 + 50_000 * 0.01 + 1_000 * 0.5) / 1e6,
      12
    )
    // One more token: the higher band ($0.50 in, $0.05 read, $0.625 write, $2.50 out), output too.
    expect(requestCost('claude-haiku-5-5', usage(50_000, 1_000, 50_000, 1))).toBeCloseTo(
      (50_000 * 0.5 + 50_000 * 0.05 + 1 * 0.625 + 1_000 * 2.5) / 1e6,
      12
    )
  })

  it('a snapshot id is priced as its alias', () => {
    expect(requestCost('claude-haiku-4-5-20251001', usage(1_000_000, 0))).toBe(1)
  })

  it('an unknown model has no price', () => {
    expect(requestCost('claude-mythos-preview', usage(1_000, 1_000))).toBeNull()
    expect(requestCost('claude-next', usage(1_000, 1_000))).toBeNull()
  })
})

describe('conversationCost', () => {
  it('adds up every reply, across models, and leaves out notices, user messages and replies without usage', () => {
    const messages: ChatMessage[] = [
      {
        id: 'u',
        role: 'user',
        createdAt: '2026-11-01T00:00:00Z',
        content: [{ type: 'text', text: 'hi' }]
      },
      reply('claude-sonnet-4-6', usage(1_000, 100)), // 3,000 + 1,500 µ$
      reply('claude-opus-4-8', usage(1_000, 100, 0, 1_000)), // 5,000 + 2,500 + 6,250 µ$
      reply('claude-opus-4-8', null),
      {
        id: 'n',
        role: 'notice',
        createdAt: '2026-11-01T00:00:00Z',
        kind: 'tool-round-limit',
        text: 'x'
      }
    ]
    const total = conversationCost(messages)
    expect(total.usd).toBeCloseTo(0.01825, 12)
    expect(total.priced).toBe(2)
    expect(knownUsd(total)).toBeCloseTo(0.01825, 12)
  })

  it('a reply of an unknown model is counted in tokens, and the total is no longer a known price', () => {
    const total = conversationCost([
      reply('claude-sonnet-4-6', usage(1_000, 100)),
      reply('claude-mythos-preview', usage(700, 300, 1_000, 0))
    ])
    expect(total.unpricedTokens).toBe(2_000)
    expect(total.usd).toBeCloseTo(0.0045, 12)
    expect(knownUsd(total)).toBeNull()
  })
})

describe('formatUsd', () => {
  it('shows fractions of a cent under a dollar, cents above', () => {
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(0.00004)).toBe('<$0.0001')
    expect(formatUsd(0.0123)).toBe('$0.0123')
    expect(formatUsd(0.01825)).toBe('$0.0183')
    expect(formatUsd(1.5)).toBe('$1.50')
    expect(formatUsd(1234.567)).toBe('$1,234.57')
  })
})
