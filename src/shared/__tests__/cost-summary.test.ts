import { describe, expect, it } from 'vitest'
import type { AssistantMessage, Conversation, Usage } from '../chat/chat'
import { costSummary } from '../models/cost-summary'

const NOW = new Date('2026-11-22T12:00:00.000Z')
const usage = (input: number, output: number): Usage => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: 0,
  cacheCreationTokens: 0
})
let n = 0
const reply = (
  model: string,
  createdAt: string,
  u: Usage | null = usage(1_000_000, 0)
): AssistantMessage => ({
  id: `a${n++}`,
  role: 'assistant',
  createdAt,
  model,
  content: [{ type: 'text', text: 'ok' }],
  status: 'complete',
  stopReason: 'end_turn',
  usage: u,
  error: null
})
const conversation = (
  messages: AssistantMessage[],
  extra: Partial<Conversation> = {}
): Conversation => ({
  version: 2,
  id: `conv-${String(n++).padStart(8, '0')}`,
  title: 'T',
  titleSource: 'auto',
  model: 'claude-sonnet-4-6',
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  messages,
  ...extra
})

describe('costSummary (the last 30 days)', () => {
  it('counts replies from exactly 30 days ago up to now, and none a millisecond earlier', () => {
    const summary = costSummary(
      [
        conversation([
          reply('claude-haiku-4-5', '2026-10-23T12:00:00.000Z'), // the boundary: counted ($1)
          reply('claude-haiku-4-5', '2026-10-23T11:59:59.999Z'), // just before: left out
          reply('claude-haiku-4-5', '2026-11-22T12:00:00.000Z'), // now: counted ($1)
          reply('claude-haiku-4-5', '2026-11-22T12:00:00.001Z'), // the future (a skewed clock): left out
          reply('claude-haiku-4-5', 'not a date')
        ])
      ],
      NOW
    )
    expect(summary.since).toBe('2026-10-23T12:00:00.000Z')
    expect(summary.totalUsd).toBe(2)
    expect(summary.models).toEqual([
      {
        model: 'claude-haiku-4-5',
        name: 'Claude Haiku 4.5',
        usd: 2,
        inputTokens: 2_000_000,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheCreationTokens: 0
      }
    ])
  })

  it('per model, most expensive first; snapshots join their alias; unknown models in tokens only', () => {
    const at = '2026-11-20T00:00:00Z'
    const summary = costSummary(
      [
        conversation([reply('claude-haiku-4-5', at), reply('claude-haiku-4-5-20251001', at)]),
        conversation([
          reply('claude-opus-4-8', at, usage(0, 1_000_000)), // $25
          reply('claude-mythos-preview', at, usage(300, 20)),
          reply('claude-sonnet-4-6', at, null) // failed before any usage
        ])
      ],
      NOW
    )
    expect(summary.models.map((m) => [m.model, m.usd])).toEqual([
      ['claude-opus-4-8', 25],
      ['claude-haiku-4-5', 2]
    ])
    expect(summary.totalUsd).toBe(27)
    expect(summary.unpriced).toEqual([
      {
        model: 'claude-mythos-preview',
        inputTokens: 300,
        outputTokens: 20,
        cacheReadTokens: 0,
        cacheCreationTokens: 0
      }
    ])
  })

  it('earlier versions kept by an edit or a regenerate were paid for, so they count', () => {
    const at = '2026-11-20T00:00:00Z'
    const summary = costSummary(
      [
        conversation([reply('claude-haiku-4-5', at)], {
          branches: [
            {
              after: null,
              active: 1,
              others: [
                {
                  messages: [reply('claude-haiku-4-5', at)],
                  branches: [
                    {
                      after: null,
                      active: 0,
                      others: [{ messages: [reply('claude-haiku-4-5', at)], branches: [] }]
                    }
                  ]
                }
              ]
            }
          ]
        })
      ],
      NOW
    )
    expect(summary.totalUsd).toBe(3)
  })

  it('nothing saved: zero, and empty lists', () => {
    const summary = costSummary([], NOW)
    expect(summary).toMatchObject({ totalUsd: 0, models: [], unpriced: [], days: 30 })
  })
})
