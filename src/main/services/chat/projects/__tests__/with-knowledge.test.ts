import { describe, expect, test } from 'vitest'
import type { BetaMessageParam } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { withKnowledge, type KnowledgeForRequest } from '../knowledge'

const knowledge: KnowledgeForRequest = {
  blocks: [{ type: 'document', source: { type: 'file', file_id: 'file_1' }, title: 'a.pdf' }],
  fileIds: ['file_1'],
  key: 'h:file_1'
}
const user = (text: string): BetaMessageParam => ({
  role: 'user',
  content: [{ type: 'text', text }]
})

describe('withKnowledge', () => {
  test('leads the first user message', () => {
    const out = withKnowledge(
      [user('Hi'), { role: 'assistant', content: 'Hello' }, user('Q')],
      knowledge
    )
    expect(out[0]!.content).toEqual([...knowledge.blocks, { type: 'text', text: 'Hi' }])
    expect(out).toHaveLength(3)
  })

  test('after a compaction, leads the first user message after it (the API drops what is before)', () => {
    const compacted: BetaMessageParam = {
      role: 'assistant',
      content: [{ type: 'compaction', content: 'Summary so far.' } as never]
    }
    const out = withKnowledge([user('Hi'), compacted, user('Q')], knowledge)
    expect(out[0]).toEqual(user('Hi'))
    expect(out[2]!.content).toEqual([...knowledge.blocks, { type: 'text', text: 'Q' }])
  })

  test('no knowledge: the messages as they were', () => {
    const messages = [user('Hi')]
    expect(withKnowledge(messages, { blocks: [], fileIds: [], key: '' })).toBe(messages)
  })
})
