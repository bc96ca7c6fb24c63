import { describe, expect, test } from 'vitest'
import type { ChatMessage } from '@shared/chat/chat'
import { defaultSettings } from '@shared/app/settings'
import { checkToolPairing } from '../../../../../../e2e/fake-anthropic'
import { repairStored, NOT_RUN } from '../../conversations/repair'
import { buildRequest, toApiMessages } from '../request'
import { MEMORY_OFF_SYSTEM } from '../request-frame'

const T = '2026-01-01T00:00:00.000Z'
const user = (id: string, text: string): ChatMessage => ({
  id,
  role: 'user',
  createdAt: T,
  content: [{ type: 'text', text }]
})
const assistant = (
  id: string,
  content: Extract<ChatMessage, { role: 'assistant' }>['content'],
  status: 'complete' | 'interrupted' | 'failed' = 'complete'
): ChatMessage => ({
  id,
  role: 'assistant',
  createdAt: T,
  model: 'm',
  content,
  status,
  stopReason: null,
  usage: null,
  error: null
})
const results = (id: string, ...toolUseIds: string[]): ChatMessage => ({
  id,
  role: 'user',
  createdAt: T,
  content: toolUseIds.map((t) => ({
    type: 'tool_result',
    tool_use_id: t,
    content: 'ok',
    is_error: false
  }))
})
const notice = (id: string): ChatMessage => ({
  id,
  role: 'notice',
  createdAt: T,
  kind: 'context-cleared',
  text: 'cleared'
})
const call = (id: string) => ({
  type: 'tool_use' as const,
  id,
  name: 'memory',
  input: { command: 'view', path: '/memories' }
})

describe('toApiMessages', () => {
  test('drops notices and empty replies, merges same-role turns, tool results first', () => {
    const api = toApiMessages([
      user('1', 'hi'),
      assistant('2', [], 'failed'),
      notice('3'),
      user('4', 'again'),
      assistant('5', [{ type: 'text', text: 'Let me look.' }, call('t1')]),
      results('6', 't1'),
      user('7', 'and more'),
      assistant('8', [{ type: 'text', text: '   ' }], 'interrupted')
    ])
    expect(api).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'text', text: 'again' }
        ]
      },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Let me look.' }, call('t1')]
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'ok', is_error: false },
          { type: 'text', text: 'and more' }
        ]
      }
    ])
    expect(checkToolPairing(api as never)).toBeNull()
  })

  test('answers a call left without result and drops a result without call', () => {
    const api = toApiMessages([
      user('1', 'hi'),
      assistant('2', [call('t1'), call('t2')]),
      results('3', 't2', 'ghost'),
      assistant('4', [call('t3')])
    ])
    expect(checkToolPairing(api as never)).toBeNull()
    const second = api[2]?.content as Array<{ tool_use_id?: string; is_error?: boolean }>
    expect(second.map((b) => [b.tool_use_id, b.is_error])).toEqual([
      ['t2', false],
      ['t1', true]
    ])
    expect(api.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't3', content: NOT_RUN, is_error: true }]
    })
  })

  test('a trailing assistant turn is not sent: Cairn never prefills (the newest models refuse it)', () => {
    const api = toApiMessages([
      user('1', 'hi'),
      assistant('2', [{ type: 'text', text: 'Hello  \n' }])
    ])
    expect(api).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }])
  })
})

describe('repairStored', () => {
  test('adds the missing results where they belong, after notices, and says it changed', () => {
    const { messages, changed } = repairStored(
      [user('1', 'hi'), assistant('2', [call('t1')]), notice('3'), user('4', 'next')],
      () => T
    )
    expect(changed).toBe(true)
    expect(messages.map((m) => m.id)).toEqual(['1', '2', '3', '4'])
    const fixed = messages[3]
    expect(fixed?.role === 'user' && fixed.content.map((b) => b.type)).toEqual([
      'tool_result',
      'text'
    ])
  })

  test('inserts a results message when nothing follows the call', () => {
    const { messages } = repairStored([user('1', 'hi'), assistant('2', [call('t1')])], () => T)
    expect(messages).toHaveLength(3)
    expect(messages[2]).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't1', is_error: true }]
    })
  })

  test('leaves a whole conversation alone', () => {
    const whole = [user('1', 'hi'), assistant('2', [call('t1')]), results('3', 't1')]
    expect(repairStored(whole, () => T)).toEqual({ messages: whole, changed: false })
  })
})

describe('buildRequest', () => {
  test('keep and trigger come from the settings; disabled means no context management', () => {
    const settings = defaultSettings()
    const on = buildRequest({ model: 'claude-x', messages: [user('1', 'hi')] }, settings)
    expect(on).toMatchObject({
      model: 'claude-x',
      max_tokens: 32_000,
      stream: true,
      betas: ['context-management-2025-06-27'],
      context_management: {
        edits: [
          {
            type: 'clear_tool_uses_20250919',
            trigger: { type: 'input_tokens', value: 100_000 },
            keep: { type: 'tool_uses', value: 3 },
            exclude_tools: ['memory']
          }
        ]
      }
    })
    settings.contextEditing.enabled = false
    const off = buildRequest({ model: 'claude-x', messages: [user('1', 'hi')] }, settings)
    expect(off.betas).toBeUndefined()
    expect(off.context_management).toBeUndefined()
  })
})

describe('memory off for this session', () => {
  test('the tool stays listed (tools never change mid-conversation); the system text says memory is off', () => {
    const request = buildRequest(
      { model: 'm', messages: [user('u1', 'hi')] },
      defaultSettings(),
      false
    )
    expect(request.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
    expect(request.system).toBe(MEMORY_OFF_SYSTEM)
  })

  test('a conversation that used memory keeps the tool listed (the API needs it for old calls)', () => {
    const messages = [
      user('u1', 'remember'),
      assistant('a1', [{ type: 'tool_use', id: 't1', name: 'memory', input: { command: 'view' } }]),
      results('r1', 't1'),
      user('u2', 'again')
    ]
    expect(buildRequest({ model: 'm', messages }, defaultSettings(), false).tools).toEqual([
      { type: 'memory_20250818', name: 'memory' }
    ])
  })

  test('with memory on nothing changes', () => {
    const request = buildRequest({ model: 'm', messages: [user('u1', 'hi')] }, defaultSettings())
    expect(request.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
  })
})
