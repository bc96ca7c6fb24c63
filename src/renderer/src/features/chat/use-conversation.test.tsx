import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AssistantMessage, ChatMessage, Conversation } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import { installFakeMain } from '../../test/fake-main'
import { useConversation } from './use-conversation'

const id = 'c0000001'
const at = '2026-01-01T00:00:00.000Z'
const question: ChatMessage = {
  id: 'u1',
  role: 'user',
  createdAt: at,
  content: [{ type: 'text', text: 'Hello?' }]
}
const failed: AssistantMessage = {
  id: 'a1',
  role: 'assistant',
  createdAt: at,
  model: 'claude-test',
  content: [],
  status: 'failed',
  stopReason: null,
  usage: null,
  error: {
    code: 'overloaded',
    message: 'Anthropic is overloaded right now. Cairn tried 4 times.',
    nextStep: 'Press Retry in a minute.',
    retryable: true,
    status: 529
  }
}
const answer: AssistantMessage = {
  ...failed,
  id: 'a2',
  content: [{ type: 'text', text: 'Hello!' }],
  status: 'complete',
  stopReason: 'end_turn',
  error: null
}
const summary = {
  id,
  title: 'Hello?',
  model: 'claude-test',
  createdAt: at,
  updatedAt: at,
  messageCount: 2,
  running: false,
  snippet: null
}

function setUp() {
  const main = installFakeMain()
  const conversation: Conversation = {
    version: 2,
    id,
    title: 'Hello?',
    titleSource: 'auto',
    model: 'claude-test',
    createdAt: at,
    updatedAt: at,
    messages: [question, failed]
  }
  main.conversations.set(id, conversation)
  const hook = renderHook(() => useConversation(id))
  return { main, hook }
}

const errors = (messages: ChatMessage[]) =>
  messages.flatMap((m) => (m.role === 'assistant' && m.error ? [m.error.message] : []))

describe('useConversation', () => {
  it('a retried answer that succeeds leaves no stale error, on screen or saved', async () => {
    const { main, hook } = setUp()
    await waitFor(() => expect(errors(hook.result.current.messages)).toHaveLength(1))
    act(() => hook.result.current.retry())
    // Gone at once, before the new answer arrives.
    expect(errors(hook.result.current.messages)).toEqual([])
    expect(hook.result.current.running).toBe(true)
    await waitFor(() => expect(main.callsTo('chat:retry')).toHaveLength(1))
    act(() => {
      main.emit('chat:message', { conversationId: id, turnId: 't', message: answer })
      main.emit('chat:done', {
        conversationId: id,
        turnId: 't',
        status: 'complete',
        stopReason: 'end_turn',
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 },
        conversation: summary
      })
    })
    expect(hook.result.current.messages.map((m) => m.id)).toEqual(['u1', 'a2'])
    expect(hook.result.current.fault).toBeNull()
    expect(errors(main.conversations.get(id)?.messages ?? [])).toEqual([])
  })

  it('a retry main refuses puts the conversation back as main has it', async () => {
    const { main, hook } = setUp()
    await waitFor(() => expect(hook.result.current.messages).toHaveLength(2))
    main.fail('chat:retry', new CairnError('CHAT_BUSY', 'Busy.'))
    act(() => hook.result.current.retry())
    await waitFor(() => expect(hook.result.current.error?.message).toBe('Busy.'))
    await waitFor(() => expect(errors(hook.result.current.messages)).toHaveLength(1))
  })

  it('an automatic retry shows until the answer starts, then goes', async () => {
    const { main, hook } = setUp()
    await waitFor(() => expect(hook.result.current.messages).toHaveLength(2))
    const retrying = {
      conversationId: id,
      turnId: 't',
      attempt: 2,
      maxAttempts: 4,
      secondsLeft: 6,
      retryAt: '2026-01-01T00:00:06.000Z',
      reason: failed.error
    }
    act(() => main.emit('chat:retrying', retrying))
    expect(hook.result.current.retrying).toMatchObject({ attempt: 2, secondsLeft: 6 })
    expect(hook.result.current.running).toBe(true)
    act(() =>
      main.emit('chat:delta', { conversationId: id, turnId: 't', messageId: 'a3', text: 'Hi' })
    )
    await waitFor(() => expect(hook.result.current.retrying).toBeNull())
    // Another conversation's retry is not this one's.
    act(() => main.emit('chat:retrying', { ...retrying, conversationId: 'c0000002' }))
    expect(hook.result.current.retrying).toBeNull()
  })
})
