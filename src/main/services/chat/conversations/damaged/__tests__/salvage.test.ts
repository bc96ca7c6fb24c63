import { describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION, type ChatMessage, type Conversation } from '@shared/chat/chat'
import { salvageConversation } from '../salvage'

const at = '2025-01-01T00:00:00.000Z'
const user = (n: number, text: string): ChatMessage => ({
  id: `u${n}`,
  role: 'user',
  createdAt: at,
  content: [{ type: 'text', text }]
})
const assistant = (n: number, text: string): ChatMessage => ({
  id: `a${n}`,
  role: 'assistant',
  createdAt: at,
  model: 'claude-sonnet-4-6',
  content: [{ type: 'text', text }],
  status: 'complete',
  stopReason: 'end_turn',
  usage: null,
  error: null
})

const conversation: Conversation = {
  version: CONVERSATION_VERSION,
  id: 'c0nv0001-0000-4000-8000-000000000000',
  title: 'Trip to Lyon',
  titleSource: 'auto',
  model: 'claude-sonnet-4-6',
  createdAt: at,
  updatedAt: at,
  messages: [
    user(1, 'Plan my trip to Lyon'),
    assistant(1, 'Three days: {"old town"}, [the river] and \\ "quotes".'),
    user(2, 'Is May good?'),
    assistant(2, 'Yes, May is lovely.')
  ],
  memory: 'off'
}
// As the store writes it.
const file = JSON.stringify(conversation) + '\n'
/** Where message `n` (0-based) ends in the file: its closing brace + 1. */
const endOf = (n: number) => {
  const text = JSON.stringify(conversation.messages[n])
  return file.indexOf(text) + text.length
}

describe('salvageConversation', () => {
  test('a whole file reads whole', () => {
    const result = salvageConversation(file)
    expect(result.messages).toEqual(conversation.messages)
    expect(result.header).toMatchObject({ title: 'Trip to Lyon', memory: 'off' })
  })

  test('cut inside message 3: the two before it, and the header', () => {
    const result = salvageConversation(file.slice(0, endOf(2) - 10))
    expect(result.messages.map((m) => m.id)).toEqual(['u1', 'a1'])
    expect(result.header).toMatchObject({ title: 'Trip to Lyon', model: 'claude-sonnet-4-6' })
    expect(result.reason).toBe('it breaks off part-way through message 3')
  })

  test('cut inside a string full of brackets and escapes keeps only the messages before it', () => {
    const inside = file.indexOf('[the river]') + 4
    const result = salvageConversation(file.slice(0, inside))
    expect(result.messages.map((m) => m.id)).toEqual(['u1'])
  })

  test('cut right after a message, before its comma or the closing bracket', () => {
    expect(salvageConversation(file.slice(0, endOf(1))).messages.map((m) => m.id)).toEqual([
      'u1',
      'a1'
    ])
    expect(salvageConversation(file.slice(0, endOf(3))).messages).toHaveLength(4)
  })

  test('cut after the messages: all of them, but not the options after them', () => {
    const result = salvageConversation(file.slice(0, file.indexOf('"memory"') + 4))
    expect(result.messages).toHaveLength(4)
    expect(result.header.memory).toBeUndefined()
    expect(result.reason).toBe('it breaks off after its messages')
    expect(result.ended).toBe(false)
  })

  test('cut in the header: no messages; a number cut short is not taken', () => {
    const result = salvageConversation('{"version":1,"id":"c0nv0001-0000-4000-8000-0000')
    expect(result.messages).toEqual([])
    expect(result.header).toEqual({ version: 1 })
    expect(salvageConversation('{"version":12').header).toEqual({})
    expect(salvageConversation('{"version":1,').reason).toBe('it breaks off before its messages')
  })

  test('at every cut, never a message past the damage and never a partial one', () => {
    for (let cut = 0; cut < file.length; cut += 7) {
      const messages = salvageConversation(file.slice(0, cut)).messages
      expect(conversation.messages.slice(0, messages.length)).toEqual(messages)
      const whole = conversation.messages.filter((_, n) => endOf(n) <= cut).length
      expect(messages.length).toBe(whole)
    }
  })

  test('text appended after the end: everything is kept, and the reason says so', () => {
    const result = salvageConversation(file + '\u0000\u0000garbage{"')
    expect(result.messages).toHaveLength(4)
    expect(result.header.memory).toBe('off')
    expect(result.reason).toBe('there is other text after its end')
    expect(result.ended).toBe(true)
  })

  test('garbage in the middle stops at it', () => {
    const broken = file.slice(0, endOf(1)) + ',@@@' + file.slice(endOf(1) + 1)
    const result = salvageConversation(broken)
    expect(result.messages.map((m) => m.id)).toEqual(['u1', 'a1'])
  })

  test('a message that is not one Cairn reads stops the reading there', () => {
    const bad = {
      ...conversation,
      messages: [conversation.messages[0], { id: 'x', role: 'robot' }, conversation.messages[2]]
    }
    const result = salvageConversation(JSON.stringify(bad))
    expect(result.messages.map((m) => m.id)).toEqual(['u1'])
    expect(result.reason).toBe('message 2 is not one Cairn can read')
  })

  test('an empty file, blank lines, or something else altogether', () => {
    expect(salvageConversation('')).toEqual({
      header: {},
      messages: [],
      reason: 'it is empty',
      ended: false
    })
    expect(salvageConversation('\n\n  ').reason).toBe('it is empty')
    expect(salvageConversation('\u0000\u0000\u0000')).toMatchObject({
      messages: [],
      reason: 'nothing in it can be read'
    })
    expect(salvageConversation('[1,2,3]').messages).toEqual([])
    expect(salvageConversation('{}').reason).toBe('it is not a conversation Cairn can read')
  })

  test('a byte-order mark does not hide the file', () => {
    expect(salvageConversation('\ufeff' + file).messages).toHaveLength(4)
  })
})
