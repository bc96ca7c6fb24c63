import { describe, expect, it } from 'vitest'
import type { AssistantMessage, ChatMessage } from '../chat/chat'
import { continuable, STOP_REASONS, stopNotice } from '../chat/stop-reasons'

const reply = (stopReason: string | null, status: AssistantMessage['status'] = 'complete') =>
  ({
    id: 'a',
    role: 'assistant',
    createdAt: '2026-01-01T00:00:00.000Z',
    model: 'claude-opus-4-6',
    content: [{ type: 'text', text: 'Half an ans' }],
    status,
    stopReason,
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 },
    error: null
  }) as unknown as AssistantMessage

describe('why a reply stopped', () => {
  it('end_turn is a normal end: nothing to say', () => {
    expect(stopNotice('end_turn')).toBeNull()
  })
  it('tool_use is a normal end of a round: nothing to say', () => {
    expect(stopNotice('tool_use')).toBeNull()
  })
  it('max_tokens says the answer was cut off by the reply limit, and offers Continue', () => {
    expect(stopNotice('max_tokens')).toEqual({
      text: expect.stringContaining('reply limit'),
      canContinue: true
    })
  })
  it('pause_turn says Claude paused, and offers Continue', () => {
    expect(stopNotice('pause_turn')).toEqual({
      text: expect.stringContaining('paused'),
      canContinue: true
    })
  })
  it('refusal says Claude declined; no Continue', () => {
    expect(stopNotice('refusal')).toEqual({
      text: expect.stringContaining('declined'),
      canContinue: false
    })
  })
  it('model_context_window_exceeded says the context window is full; no Continue', () => {
    expect(stopNotice('model_context_window_exceeded')).toEqual({
      text: expect.stringContaining('context window'),
      canContinue: false
    })
  })
  it('stop_sequence says so; no Continue', () => {
    expect(stopNotice('stop_sequence')).toEqual({
      text: expect.stringContaining('stop sequence'),
      canContinue: false
    })
  })
  it('covers every stop reason the API defines', () => {
    expect(STOP_REASONS).toHaveLength(7)
    expect(STOP_REASONS.filter((r) => stopNotice(r)?.canContinue)).toEqual([
      'max_tokens',
      'pause_turn'
    ])
  })
})

describe('what Continue picks up', () => {
  it('the last reply, when it stopped at the limit or paused', () => {
    const cut = reply('max_tokens')
    expect(continuable([cut])).toBe(cut)
    const paused = reply('pause_turn')
    const notice = { id: 'n', role: 'notice', createdAt: '', kind: 'x', text: '' }
    expect(continuable([paused, notice] as unknown as ChatMessage[])).toBe(paused)
  })
  it('nothing after a normal end, a refusal, or a reply that failed', () => {
    expect(continuable([reply('end_turn')])).toBeNull()
    expect(continuable([reply('refusal')])).toBeNull()
    expect(continuable([reply('max_tokens', 'failed')])).toBeNull()
    expect(continuable([])).toBeNull()
  })
})
