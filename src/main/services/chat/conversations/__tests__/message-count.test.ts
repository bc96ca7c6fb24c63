import { describe, expect, it } from 'vitest'
import type { ChatMessage, Conversation } from '@shared/chat/chat'
import { matchConversation, spokenCount } from '../conversations'

const at = '2026-01-01T00:00:00.000Z'
const usage = { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 }
const you = (id: string): ChatMessage => ({
  id,
  role: 'user',
  createdAt: at,
  content: [{ type: 'text', text: 'hi' }]
})
const results = (id: string): ChatMessage => ({
  id,
  role: 'user',
  createdAt: at,
  content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok', is_error: false }]
})
const claude = (id: string): ChatMessage => ({
  id,
  role: 'assistant',
  createdAt: at,
  model: 'm',
  content: [{ type: 'text', text: 'ok' }],
  status: 'complete',
  stopReason: 'end_turn',
  usage,
  error: null
})

describe('the conversation list counts what a person calls a message', () => {
  it('your message and its answer are two, however many tool rounds the answer took', () => {
    expect(
      spokenCount([you('1'), claude('2'), results('3'), claude('4'), results('5'), claude('6')])
    ).toBe(2)
  })
  it('notices and a Continue note are not messages; the continued answer is one', () => {
    const note: ChatMessage = {
      id: 'n',
      role: 'notice',
      createdAt: at,
      kind: 'tool-round-limit',
      text: 'x'
    }
    const more: ChatMessage = {
      id: 'c',
      role: 'user',
      createdAt: at,
      content: [],
      context: 'go on'
    }
    expect(
      spokenCount([you('1'), claude('2'), note, more, claude('3'), you('4'), claude('5')])
    ).toBe(4)
  })
})

describe('search snippets are plain text', () => {
  it('a match in a Markdown answer shows no Markdown around it', () => {
    const answer: ChatMessage = {
      ...(claude('a') as Extract<ChatMessage, { role: 'assistant' }>),
      content: [
        {
          type: 'text',
          text: '## Trip\n\nYou like **green tea** and `matcha`; see [the list](https://example.org).'
        }
      ]
    }
    const conversation = {
      version: 1,
      id: 'c',
      title: 'Drinks',
      titleSource: 'auto',
      model: 'm',
      createdAt: at,
      updatedAt: at,
      messages: [you('1'), answer]
    } as unknown as Conversation
    const hit = matchConversation(conversation, 'green')
    expect(hit?.snippet).toBe('Trip You like green tea and matcha; see the list.')
    expect(hit?.snippet.slice(hit.match.start, hit.match.start + hit.match.length)).toBe('green')
  })
})
