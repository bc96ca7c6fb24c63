import { describe, expect, it } from 'vitest'
import type { AssistantMessage, ChatMessage, Usage } from '@shared/chat/chat'
import { answerEnds, answerUsage } from './answer-usage'

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0): Usage => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheCreationTokens: 0
})
const user = (id: string, text: string): ChatMessage => ({
  id,
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  content: [{ type: 'text', text }]
})
const results = (id: string): ChatMessage => ({
  id,
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  content: [{ type: 'tool_result', tool_use_id: `t-${id}`, content: 'ok', is_error: false }]
})
const reply = (
  id: string,
  u: Usage | null,
  status: AssistantMessage['status'] = 'complete',
  model = 'claude-test'
): ChatMessage => ({
  id,
  role: 'assistant',
  createdAt: '2026-01-01T00:00:00Z',
  model,
  content: [{ type: 'text', text: id }],
  status,
  stopReason: 'end_turn',
  usage: u,
  error: null
})
const notice: ChatMessage = {
  id: 'n1',
  role: 'notice',
  createdAt: '2026-01-01T00:00:00Z',
  kind: 'tool-round-limit',
  text: 'limit'
}

describe('answerUsage', () => {
  it('sums the API rounds of one answer onto its last reply: one line, not one per round', () => {
    const messages = [
      user('u1', 'Remember this'),
      reply('a1', usage(100, 10, 50)),
      results('r1'),
      reply('a2', usage(200, 20)),
      results('r2'),
      reply('a3', usage(300, 30)),
      notice,
      user('u2', 'Thanks'),
      reply('b1', usage(7, 3))
    ]
    const lines = answerUsage(messages, false)
    expect([...lines.keys()]).toEqual(['a3', 'b1'])
    expect(lines.get('a3')?.usage).toEqual(usage(600, 60, 50))
    expect(lines.get('b1')?.usage).toEqual(usage(7, 3))
  })

  it('no line for an answer that used no tokens, or had no usage at all', () => {
    const messages = [
      user('u1', 'Hi'),
      reply('a1', usage(0, 0), 'failed'),
      user('u2', 'Hi again'),
      reply('b1', null, 'interrupted')
    ]
    expect(answerUsage(messages, false).size).toBe(0)
  })

  it('the answer still being written gets its line once it is whole', () => {
    const messages = [user('u1', 'Hi'), reply('a1', usage(5, 5)), results('r1')]
    expect(answerUsage(messages, true).size).toBe(0)
    const done = [...messages, reply('a2', usage(6, 6))]
    expect(answerUsage(done, false).get('a2')?.usage).toEqual(usage(11, 11))
    // The previous answer keeps its line while the next one runs.
    expect(answerUsage([...done, user('u2', 'More')], true).get('a2')?.usage).toEqual(usage(11, 11))
  })

  it('prices each answer over all its rounds; a model without a price gives tokens only', () => {
    const cached: Usage = {
      inputTokens: 1_000,
      outputTokens: 100,
      cacheReadTokens: 10_000,
      cacheCreationTokens: 2_000
    }
    const messages = [
      user('u1', 'Remember this'),
      reply('a1', cached, 'complete', 'claude-sonnet-4-6'),
      results('r1'),
      reply('a2', usage(500, 50), 'complete', 'claude-sonnet-4-6'),
      user('u2', 'And now?'),
      reply('b1', usage(500, 50), 'complete', 'claude-unknown-9')
    ]
    const lines = answerUsage(messages, false)
    // Sonnet 4.6: $3 in, $15 out, $3.75 cache write, $0.30 cache read per million.
    // a1: 1000×3 + 100×15 + 2000×3.75 + 10000×0.3 = 15,000 µ$; a2: 500×3 + 50×15 = 2,250 µ$.
    expect(lines.get('a2')?.cost.usd).toBeCloseTo(0.01725, 10)
    expect(lines.get('a2')?.cost.unpricedTokens).toBe(0)
    expect(lines.get('b1')?.cost).toEqual({ usd: 0, priced: 0, unpricedTokens: 550 })
  })
})

describe('one model line per answer', () => {
  it('only on the last reply of each answer, not after every tool round', () => {
    const messages = [
      user('u1', 'Remember tea'),
      reply('a1', usage(1, 1)),
      results('r1'),
      reply('a2', usage(1, 1)),
      results('r2'),
      reply('a3', usage(1, 1)),
      user('u2', 'Thanks'),
      reply('b1', usage(1, 1))
    ]
    expect([...answerEnds(messages)]).toEqual(['a3', 'b1'])
  })
})
