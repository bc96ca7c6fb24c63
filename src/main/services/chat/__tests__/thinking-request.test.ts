import type { BetaRawMessageStreamEvent } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { describe, expect, test } from 'vitest'
import type { AssistantBlock, ChatMessage, Conversation } from '@shared/chat/chat'
import { defaultSettings, type Settings } from '@shared/app/settings'
import type Anthropic from '@anthropic-ai/sdk'
import {
  DEFAULT_MODELS,
  modelInfo,
  signThinking,
  validateMessagesRequest as validate
} from '../../../../../e2e/fake-anthropic'
import { classifyFault } from '../api/faults'
import { optionOf } from '../models/models'
import { ReplyAccumulator } from '../stream/reply-accumulator'
import { buildRequest as build } from '../frame/request'

// Budget thinking, on a model that takes only that (its capabilities say so).
const MODEL = 'claude-haiku-4-5-20251001'
const FAKE = DEFAULT_MODELS.find((m) => m.id === MODEL)!
const DESCRIBED = optionOf(modelInfo(FAKE) as Anthropic.Models.ModelInfo)
const buildRequest = (conversation: Parameters<typeof build>[0], settings: Settings) =>
  build(conversation, settings, true, undefined, DESCRIBED)
const validateMessagesRequest = (body: unknown) => validate(body, FAKE)
const T = '2026-01-01T00:00:00.000Z'
const user = (text: string): ChatMessage => ({
  id: `u-${text}`,
  role: 'user',
  createdAt: T,
  content: [{ type: 'text', text }]
})
const assistant = (content: AssistantBlock[], model = MODEL): ChatMessage => ({
  id: `a-${Math.random()}`,
  role: 'assistant',
  createdAt: T,
  model,
  content,
  status: 'complete',
  stopReason: null,
  usage: null,
  error: null
})
const results = (...ids: string[]): ChatMessage => ({
  id: `r-${ids.join()}`,
  role: 'user',
  createdAt: T,
  content: ids.map((id) => ({
    type: 'tool_result',
    tool_use_id: id,
    content: 'ok',
    is_error: false
  }))
})
const call = (id: string): AssistantBlock => ({
  type: 'tool_use',
  id,
  name: 'memory',
  input: { command: 'view', path: '/memories' }
})
const thought = (text: string, model = MODEL): AssistantBlock => ({
  type: 'thinking',
  thinking: text,
  signature: signThinking(model, text),
  durationMs: 1200
})
const redacted: AssistantBlock = { type: 'redacted_thinking', data: 'opaque-data==' }

function conversation(messages: ChatMessage[], thinking?: Conversation['thinking']) {
  return { model: MODEL, messages, ...(thinking ? { thinking } : {}) }
}
const ON = { enabled: true, budgetTokens: 2048 }
function settings(change: (s: Settings) => void = () => undefined): Settings {
  const s = defaultSettings()
  s.contextEditing.enabled = false
  change(s)
  return s
}

describe('the thinking parameter', () => {
  test('on: thinking enabled with the budget; off or absent: thinking disabled', () => {
    const on = buildRequest(conversation([user('hi')], ON), settings())
    expect(on.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    expect(validateMessagesRequest(on)).toBeNull()
    const off = buildRequest(conversation([user('hi')], { ...ON, enabled: false }), settings())
    expect(off.thinking).toEqual({ type: 'disabled' })
    expect(validateMessagesRequest(off)).toBeNull()
    expect(buildRequest(conversation([user('hi')]), settings()).thinking).toEqual({
      type: 'disabled'
    })
    // No budget saved (a setting made for an adaptive model): the default one.
    expect(
      buildRequest(conversation([user('hi')], { enabled: true }), settings()).thinking
    ).toEqual({ type: 'enabled', budget_tokens: 2048 })
  })

  test('a model described by nothing gets no thinking, even if the saved setting says on', () => {
    const body = build(
      { ...conversation([user('hi')], { ...ON, effort: 'high' }), model: 'claude-opus-4-7' },
      settings()
    )
    expect(body).not.toHaveProperty('thinking')
    expect(body).not.toHaveProperty('output_config')
    expect(body.max_tokens).toBe(32_000)
    expect(validate(body)).toBeNull()
  })

  test('a budget that is no longer below Max tokens ends the turn with a clear fault, before sending', () => {
    let thrown: unknown = null
    try {
      buildRequest(
        conversation([user('hi')], ON),
        settings((s) => (s.maxTokens = 2048))
      )
    } catch (error) {
      thrown = error
    }
    const { fault, autoRetry } = classifyFault(thrown, 'request')
    expect(autoRetry).toBe(false)
    expect(fault).toMatchObject({ code: 'bad-request', retryable: true })
    expect(fault.message).toContain(
      'must be less than the reply limit, Max tokens in Settings (2,048)'
    )
    expect(fault.nextStep).toContain('thinking budget in the chat header')
  })

  test('with context editing on, clear_thinking comes first; without thinking it is never sent', () => {
    const s = settings((x) => (x.contextEditing.enabled = true))
    const on = buildRequest(conversation([user('hi')], ON), s)
    expect(on.context_management?.edits?.map((e) => e.type)).toEqual([
      'clear_thinking_20251015',
      'clear_tool_uses_20250919'
    ])
    expect(on.context_management?.edits?.[0]).toEqual({
      type: 'clear_thinking_20251015',
      keep: 'all'
    })
    expect(validateMessagesRequest(on)).toBeNull()
    const off = buildRequest(conversation([user('hi')], { enabled: false }), s)
    expect(off.context_management?.edits?.map((e) => e.type)).toEqual(['clear_tool_uses_20250919'])
    expect(validateMessagesRequest(off)).toBeNull()
  })
})

describe('thinking blocks sent back', () => {
  test('across a tool round: the thinking block leads, text and signature unchanged, Cairn fields dropped', () => {
    const messages = [
      user('remember tea'),
      assistant([thought('Check memory first.'), call('t1')]),
      results('t1')
    ]
    const body = buildRequest(conversation(messages, ON), settings())
    expect(body.messages[1]?.content).toEqual([
      {
        type: 'thinking',
        thinking: 'Check memory first.',
        signature: signThinking(MODEL, 'Check memory first.')
      },
      { type: 'tool_use', id: 't1', name: 'memory', input: { command: 'view', path: '/memories' } }
    ])
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    expect(validateMessagesRequest(body)).toBeNull()
  })

  test('redacted blocks come back unchanged and in order', () => {
    const messages = [
      user('q'),
      assistant([redacted, thought('visible part'), call('t1')]),
      results('t1')
    ]
    const body = buildRequest(conversation(messages, ON), settings())
    expect((body.messages[1]?.content as unknown[]).slice(0, 2)).toEqual([
      { type: 'redacted_thinking', data: 'opaque-data==' },
      { type: 'thinking', thinking: 'visible part', signature: signThinking(MODEL, 'visible part') }
    ])
  })

  test('earlier turns keep their thinking too, so every signature still matches its place', () => {
    const messages = [
      user('one'),
      assistant([thought('first'), { type: 'text', text: 'Answer one.' }]),
      user('two')
    ]
    const body = buildRequest(conversation(messages, ON), settings())
    expect((body.messages[1]?.content as unknown[])[0]).toMatchObject({
      type: 'thinking',
      thinking: 'first'
    })
    expect(validateMessagesRequest(body)).toBeNull()
  })

  test("another model's thinking is left out (its signature would be refused); its text stays", () => {
    const messages = [
      user('one'),
      assistant(
        [thought('old', 'claude-opus-4-6'), { type: 'text', text: 'Old answer.' }],
        'claude-opus-4-6'
      ),
      user('two')
    ]
    const body = buildRequest(conversation(messages, ON), settings())
    expect(body.messages[1]?.content).toMatchObject([{ type: 'text', text: 'Old answer.' }])
    expect(validateMessagesRequest(body)).toBeNull()
    // Sent as saved, the fake (like the API) refuses it.
    const raw = structuredClone(body)
    raw.messages[1] = {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'old', signature: signThinking('claude-opus-4-6', 'old') },
        { type: 'text', text: 'Old answer.' }
      ]
    }
    expect(validateMessagesRequest(raw)).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block'
    )
  })

  test('a reply stopped while it was only thinking is not sent back as a thinking-only message', () => {
    const messages = [user('one'), assistant([thought('half')]), user('two')]
    const body = buildRequest(conversation(messages, ON), settings())
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two', cache_control: { type: 'ephemeral' } }
        ]
      }
    ])
    expect(validateMessagesRequest(body)).toBeNull()
  })

  test('a tool loop that began without thinking goes on without it (one configuration per turn)', () => {
    const messages = [
      user('q'),
      assistant([{ type: 'text', text: 'Looking.' }, call('t1')]),
      results('t1')
    ]
    const body = buildRequest(conversation(messages, ON), settings())
    expect(body.thinking).toEqual({ type: 'disabled' })
    expect(validateMessagesRequest(body)).toBeNull()
    // A new user message starts a new turn: thinking is back on.
    const next = buildRequest(
      conversation([...messages, assistant([{ type: 'text', text: 'Done.' }]), user('again')], ON),
      settings()
    )
    expect(next.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
  })

  test('later rounds of the same loop (no thinking of their own) still send the opening thinking', () => {
    const messages = [
      user('q'),
      assistant([thought('plan'), call('t1')]),
      results('t1'),
      assistant([call('t2')]),
      results('t2')
    ]
    const body = buildRequest(conversation(messages, ON), settings())
    expect(body.thinking).toBeDefined()
    expect(validateMessagesRequest(body)).toBeNull()
  })
})

const ev = (event: unknown) => event as BetaRawMessageStreamEvent

describe('the reply accumulator with thinking', () => {
  function stream(acc: ReplyAccumulator, events: unknown[]) {
    for (const event of events) acc.apply(ev(event))
  }

  test('interleaved thinking, redacted, text and tool deltas each land in their own block', () => {
    let clock = 1000
    const acc = new ReplyAccumulator(() => clock)
    stream(acc, [
      { type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1 } } },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' }
      },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'redacted_thinking', data: 'ENC' }
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'Let me ' }
      },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'think.' }
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: 'Hi' } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'signature_delta', signature: 'SIG' }
      }
    ])
    clock = 3500
    stream(acc, [
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'content_block_start',
        index: 3,
        content_block: { type: 'tool_use', id: 't1', name: 'memory', input: {} }
      },
      {
        type: 'content_block_delta',
        index: 3,
        delta: { type: 'input_json_delta', partial_json: '{"command":"view"}' }
      },
      { type: 'content_block_stop', index: 3 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' }
    ])
    expect(acc.snapshot().content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'SIG', durationMs: 2500 },
      { type: 'redacted_thinking', data: 'ENC' },
      { type: 'text', text: 'Hi' },
      { type: 'tool_use', id: 't1', name: 'memory', input: { command: 'view' } }
    ])
  })

  test('a thinking block cut before its signature and stop is not kept (it could never be sent back)', () => {
    const acc = new ReplyAccumulator(() => 0)
    stream(acc, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' }
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'half a thou' }
      }
    ])
    expect(acc.snapshot().content).toEqual([])
    // Closed but unsigned: still not sendable.
    stream(acc, [{ type: 'content_block_stop', index: 0 }])
    expect(acc.snapshot().content).toEqual([])
  })

  test('a thinking block with no text (display omitted) but a signature is kept', () => {
    const acc = new ReplyAccumulator(() => 0)
    stream(acc, [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' }
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'S' } },
      { type: 'content_block_stop', index: 0 }
    ])
    expect(acc.snapshot().content).toEqual([
      { type: 'thinking', thinking: '', signature: 'S', durationMs: 0 }
    ])
  })
})
