import { readdir } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { gate, memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import type { MemoryToolRunner } from '../types'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

const tempDir = useTempDir('cairn-chat-stop-')

describe('stop', () => {
  test('mid-stream: aborts at once, keeps the partial text marked interrupted', async () => {
    const rig = await startRig(tempDir())
    const held = gate()
    rig.fake.script(
      reply('The quick brown fox jumps over the lazy dog.', {
        fault: { kind: 'hold', afterDeltas: 3, gate: held }
      })
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Tell me a sentence.' })
    // Everything before the hold has arrived (deltas are coalesced, so wait on the text).
    await rig.events.next('chat:delta', () => rig.events.text(sent.turnId).length >= 12)
    const aborted = rig.fake.waitForClientAbort()
    expect(await rig.chat.stop({ conversationId: id })).toEqual({ stopped: true })
    await aborted // the request was really cancelled, not left running
    const end = await rig.events.end(sent.turnId)
    expect(end.event).toBe('chat:done')
    expect(end.payload).toMatchObject({ status: 'interrupted' })
    held.release()

    const { conversation, running } = await rig.chat.getConversation({ conversationId: id })
    expect(running).toBe(false)
    const partial = conversation.messages[1]
    expect(partial).toMatchObject({ role: 'assistant', status: 'interrupted' })
    const partialText = partial?.role === 'assistant' ? partial.content : []
    expect(partialText).toEqual([{ type: 'text', text: 'The quick br' }])
    expect(rig.events.text(sent.turnId)).toBe('The quick br')

    // The next message goes out with the partial answer as context.
    rig.fake.script(reply('Sure.'))
    await converse(rig, 'Never mind.', id)
    const messages = bodyOf(rig.fake, 1).messages
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(messages[1]?.content).toMatchObject([{ type: 'text', text: 'The quick br' }])
    expectValidRequests(rig.fake)
  })

  test('while a tool call is still streaming: the half-received call is dropped, never run', async () => {
    const rig = await startRig(tempDir())
    const held = gate()
    rig.fake.script(
      reply(
        [text('Saving.'), memory({ command: 'create', path: '/memories/x.md', file_text: 'x' })],
        { fault: { kind: 'hold', afterDeltas: 4, gate: held } }
      )
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Save x.' })
    await rig.events.next('chat:delta', () => rig.events.text(sent.turnId) === 'Saving.')
    await rig.chat.stop({ conversationId: id })
    held.release()
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    const saved = conversation.messages[1]
    expect(saved?.role === 'assistant' && saved.content).toEqual([
      { type: 'text', text: 'Saving.' }
    ])
    expect(await readdir(rig.memoryRoot)).toEqual([])
    expect(rig.events.of('chat:tool')).toEqual([])
  })

  test('mid-tool-round: the running command finishes, no later one runs, every call is answered', async () => {
    const first = gate()
    let calls = 0
    let firstStarted = (): void => undefined
    const started = new Promise<void>((resolve) => (firstStarted = resolve))
    const rig = await startRig(tempDir(), {
      memory: (store): MemoryToolRunner => ({
        async execute(input, actor) {
          calls += 1
          if (calls === 1) {
            firstStarted()
            await first.promise
          }
          return store.execute(input, actor)
        }
      })
    })
    rig.fake.script(
      reply([
        memory({ command: 'create', path: '/memories/a.md', file_text: 'A\n' }, 'toolu_a'),
        memory({ command: 'create', path: '/memories/b.md', file_text: 'B\n' }, 'toolu_b'),
        memory({ command: 'create', path: '/memories/c.md', file_text: 'C\n' }, 'toolu_c')
      ])
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Save three notes.' })
    await started
    const stopping = rig.chat.stop({ conversationId: id })
    first.release()
    expect(await stopping).toEqual({ stopped: true })
    const end = await rig.events.end(sent.turnId)
    expect(end.payload).toMatchObject({ status: 'interrupted' })

    expect(calls).toBe(1)
    expect(await readdir(rig.memoryRoot)).toEqual(['a.md'])
    expect(rig.fake.messageRequests()).toHaveLength(1) // nothing was sent after the stop
    const tools = rig.events.of('chat:tool').filter((t) => t.status !== 'running')
    expect(tools.map((t) => `${t.toolUseId}:${t.status}`)).toEqual([
      'toolu_a:done',
      'toolu_b:cancelled',
      'toolu_c:cancelled'
    ])
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    const results = conversation.messages[2]
    expect(results?.role).toBe('user')
    const blocks = results?.role === 'user' ? results.content : []
    expect(blocks.map((b) => b.type === 'tool_result' && [b.tool_use_id, b.is_error])).toEqual([
      ['toolu_a', false],
      ['toolu_b', true],
      ['toolu_c', true]
    ])

    // Continuing sends a conversation the API accepts.
    rig.fake.script(reply('Only a was saved.'))
    await converse(rig, 'What happened?', id)
    expectValidRequests(rig.fake)
  })

  test('during a retry countdown: no further attempt is made', async () => {
    const rig = await startRig(tempDir(), {
      service: {
        // The wait never ends by itself: only the stop ends it.
        wait: (_ms, signal) =>
          new Promise((resolve) => signal.addEventListener('abort', () => resolve()))
      }
    })
    rig.fake.script({ kind: 'error', status: 529 }, reply('never sent'))
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Hello?' })
    await rig.events.next('chat:retrying', (r) => r.turnId === sent.turnId)
    await rig.chat.stop({ conversationId: id })
    const end = await rig.events.end(sent.turnId)
    expect(end.payload).toMatchObject({ status: 'interrupted' })
    expect(rig.fake.messageRequests()).toHaveLength(1)
    expect(rig.fake.pending()).toBe(1)
  })

  test('stop with nothing running says so', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    expect(await rig.chat.stop({ conversationId: id })).toEqual({ stopped: false })
  })
})

describe('repair before the next request', () => {
  test('a saved tool_use without its tool_result (a crash mid-round) is answered first', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    // As a crash between saving Claude's call and saving its result would leave it.
    conversation.messages.push(
      {
        id: 'u1',
        role: 'user',
        createdAt: conversation.createdAt,
        content: [{ type: 'text', text: 'Save it.' }]
      },
      {
        id: 'a1',
        role: 'assistant',
        createdAt: conversation.createdAt,
        model: conversation.model,
        content: [
          {
            type: 'tool_use',
            id: 'toolu_lost',
            name: 'memory',
            input: { command: 'view', path: '/memories' }
          }
        ],
        status: 'complete',
        stopReason: 'tool_use',
        usage: null,
        error: null
      }
    )
    rig.fake.script(reply('Fine.'))
    await converse(rig, 'Hello again', id)
    expectValidRequests(rig.fake)
    const sent = bodyOf(rig.fake, 0).messages
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(sent[2]?.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_lost',
      is_error: true
    })
    expect(sent[2]?.content[1]).toEqual({
      type: 'text',
      text: 'Hello again',
      cache_control: { type: 'ephemeral' }
    })
    // And the saved conversation holds the answer too.
    const after = (await rig.chat.getConversation({ conversationId: id })).conversation
    const answer = after.messages[2]
    expect(answer?.role === 'user' && answer.content[0]?.type).toBe('tool_result')
  })
})
