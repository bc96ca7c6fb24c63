import { describe, expect, test } from 'vitest'
import type { ChatMessage } from '../chat/chat'
import { withoutUnfinishedReply } from '../chat/retry-target'

const at = '2026-01-01T00:00:00Z'
const user: ChatMessage = {
  id: 'u',
  role: 'user',
  createdAt: at,
  content: [{ type: 'text', text: 'Hi' }]
}
const reply = (status: 'complete' | 'failed' | 'interrupted'): ChatMessage => ({
  id: `a-${status}`,
  role: 'assistant',
  createdAt: at,
  model: 'm',
  content: [],
  status,
  stopReason: null,
  usage: null,
  error:
    status === 'failed'
      ? { code: 'overloaded', message: 'x', nextStep: 'y', retryable: true, status: 529 }
      : null
})
const notice: ChatMessage = {
  id: 'n',
  role: 'notice',
  createdAt: at,
  kind: 'context-cleared',
  text: 'x'
}

describe('withoutUnfinishedReply', () => {
  test('drops a failed or stopped last reply (and so its error), past trailing notices', () => {
    expect(withoutUnfinishedReply([user, reply('failed')])).toEqual([user])
    expect(withoutUnfinishedReply([user, reply('interrupted'), notice])).toEqual([user, notice])
  })
  test('keeps a complete reply and a conversation ending with your message', () => {
    expect(withoutUnfinishedReply([user, reply('complete')])).toEqual([user, reply('complete')])
    expect(withoutUnfinishedReply([reply('failed'), user])).toEqual([reply('failed'), user])
    expect(withoutUnfinishedReply([])).toEqual([])
  })
})
