import { describe, expect, it } from 'vitest'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import { conversationHolds, withoutText } from '../forget-text'

// Forget (issue 35) in one conversation: every string that holds the text, never an id or a
// signature; a thinking block holding it goes whole (its signature covers its text).

const TEXT = 'door-Zq8vN3kT'
const NOW = '2025-06-02T00:00:00.000Z'

function conversation(): Conversation {
  const usage = { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 }
  return {
    version: CONVERSATION_VERSION,
    id: 'conv-forget-1',
    title: `Code ${TEXT}`,
    titleSource: 'auto',
    model: 'claude-sonnet-4-6',
    createdAt: NOW,
    updatedAt: NOW,
    frame: {
      system: 'system',
      told: { instructions: '', memory: 'on', guidance: '' }
    },
    messages: [
      {
        id: 'u1',
        role: 'user',
        createdAt: NOW,
        content: [{ type: 'text', text: `remember ${TEXT}` }]
      },
      {
        id: 'a1',
        role: 'assistant',
        createdAt: NOW,
        model: 'claude-sonnet-4-6',
        content: [
          { type: 'thinking', thinking: `the user said ${TEXT}`, signature: 'sig-1' },
          { type: 'thinking', thinking: 'nothing to hide', signature: 'sig-2' },
          {
            type: 'tool_use',
            id: `toolu_${TEXT}`,
            name: 'memory',
            input: { command: 'str_replace', path: '/memories/a.md', old_str: TEXT, new_str: 'x' }
          }
        ],
        status: 'complete',
        stopReason: 'tool_use',
        usage,
        error: null
      }
    ]
  } as Conversation
}

describe('forgetting a text in a conversation', () => {
  it('masks it in messages, tool input and title; drops thinking that held it; keeps ids', () => {
    const before = conversation()
    expect(conversationHolds(before, TEXT)).toBe(true)
    const after = withoutText(before, TEXT, NOW)
    expect(after.title).toBe('Code [forgotten]')
    const [user, assistant] = after.messages
    expect(user?.role === 'user' ? user.content : []).toEqual([
      { type: 'text', text: 'remember [forgotten]' }
    ])
    const blocks = assistant?.role === 'assistant' ? assistant.content : []
    expect(blocks.map((b) => b.type)).toEqual(['thinking', 'tool_use'])
    expect(blocks[0]).toMatchObject({ thinking: 'nothing to hide', signature: 'sig-2' })
    // An id is a reference, not text: changing it would break the tool call's result.
    expect(blocks[1]).toMatchObject({
      id: `toolu_${TEXT}`,
      input: { old_str: '[forgotten]', new_str: 'x' }
    })
    // Thinking from before now is no longer sent back: the history it was bound to changed.
    expect(after.frame?.thinkingSince).toBe(NOW)
    expect(conversationHolds({ ...after, messages: [after.messages[0]!] }, TEXT)).toBe(false)
    // The conversation given is not changed.
    expect(before.title).toBe(`Code ${TEXT}`)
  })
})
