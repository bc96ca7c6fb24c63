import { describe, expect, it } from 'vitest'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import { conversationToMarkdown, exportFileName } from '../export-markdown'

const at = '2026-11-22T14:05:09.000Z'

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    version: CONVERSATION_VERSION,
    id: 'c0ffee00-0000-4000-8000-000000000001',
    title: 'Trip plans',
    titleSource: 'auto',
    model: 'claude-sonnet-4-6',
    createdAt: at,
    updatedAt: at,
    messages: [
      { id: 'u1', role: 'user', createdAt: at, content: [{ type: 'text', text: 'Plan Lyon' }] },
      {
        id: 'a1',
        role: 'assistant',
        createdAt: at,
        model: 'claude-sonnet-4-6',
        status: 'complete',
        stopReason: 'tool_use',
        usage: null,
        error: null,
        content: [
          { type: 'text', text: 'Checking memory.' },
          {
            type: 'tool_use',
            id: 't1',
            name: 'memory',
            input: { command: 'view', path: '/memories' }
          },
          {
            type: 'tool_use',
            id: 't2',
            name: 'memory',
            input: { command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' }
          },
          { type: 'tool_use', id: 't3', name: 'memory', input: { command: 'delete', path: '/x' } }
        ]
      },
      {
        id: 'r1',
        role: 'user',
        createdAt: at,
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: 'Directory: /memories',
            is_error: false
          },
          { type: 'tool_result', tool_use_id: 't2', content: 'Renamed', is_error: false },
          {
            type: 'tool_result',
            tool_use_id: 't3',
            content: 'Error: The path /x does not exist',
            is_error: true
          }
        ]
      },
      {
        id: 'n1',
        role: 'notice',
        createdAt: at,
        kind: 'context-cleared',
        text: 'Older tool results were cleared.'
      },
      {
        id: 'a2',
        role: 'assistant',
        createdAt: at,
        model: 'claude-sonnet-4-6',
        status: 'interrupted',
        stopReason: null,
        usage: null,
        error: null,
        content: [{ type: 'text', text: 'Day 1: **Vieux Lyon**' }]
      }
    ],
    ...overrides
  }
}

describe('conversationToMarkdown', () => {
  it('reads as a document: title, who and when, memory operations as a list', () => {
    expect(conversationToMarkdown(conversation(), new Date('2026-11-23T08:00:00Z'))).toBe(
      [
        '# Trip plans',
        '*Exported from Cairn on 2026-11-23 08:00 UTC · started 2026-11-22 14:05 UTC · model claude-sonnet-4-6*',
        '## You · 2026-11-22 14:05 UTC',
        'Plan Lyon',
        '## Claude · 2026-11-22 14:05 UTC',
        'Checking memory.',
        '**Memory**',
        '- Viewed `/memories`\n- Renamed `/memories/a.md → /memories/b.md`\n- Deleted `/x`: failed (Error: The path /x does not exist)',
        '> *Older tool results were cleared.*',
        '## Claude · 2026-11-22 14:05 UTC',
        'Day 1: **Vieux Lyon**',
        '> *Stopped before the answer finished.*'
      ].join('\n\n') + '\n'
    )
  })

  it('names an attachment block it does not render', () => {
    const withFile = conversation({
      messages: [
        {
          id: 'u1',
          role: 'user',
          createdAt: at,
          content: [
            { type: 'text', text: 'See this' },
            { type: 'image', name: 'map.png' } as unknown as { type: 'text'; text: string }
          ]
        }
      ]
    })
    expect(conversationToMarkdown(withFile, new Date(at))).toContain(
      'See this\n\n*[Image: map.png]*'
    )
  })
})

describe('exportFileName', () => {
  it.each([
    ['Trip plans', 'Trip plans.md'],
    ['a/b:c*d?"e"<f>|g', 'a b c d e f g.md'],
    ['...hidden', 'hidden.md'],
    ['///', 'Conversation.md'],
    ['x'.repeat(200), `${'x'.repeat(80)}.md`]
  ])('%s → %s', (title, name) => {
    expect(exportFileName(conversation({ title }))).toBe(name)
  })
})
