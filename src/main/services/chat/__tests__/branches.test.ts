import { readFile, writeFile, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION, type ChatMessage, type Conversation } from '@shared/chat/chat'
import { versionsByMessage } from '@shared/chat/message-actions'
import { gate, memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { forkAt, switchVersion } from '../conversations/branches'
import { createMessageActions } from '../calls/message-actions'
import { bodyOf, converse, expectValidRequests, startRig, type ChatRig } from './harness'

const tempDir = useTempDir('cairn-branches-')

const texts = (body: { messages: Array<{ content: Array<Record<string, unknown>> }> }) =>
  body.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])))

const saved = async (rig: ChatRig, id: string): Promise<Conversation> =>
  JSON.parse(await readFile(join(rig.dir, 'user-data', 'conversations', `${id}.json`), 'utf8'))

const shownText = (messages: ChatMessage[]) =>
  messages.flatMap((m) =>
    m.role === 'notice' ? [] : m.content.flatMap((b) => (b.type === 'text' ? [b.text] : []))
  )

/** Two exchanges: "Plan a trip" → "Lyon.", "And food?" → "Quenelles.". */
async function twoExchanges(rig: ChatRig) {
  rig.fake.script(reply('Lyon.'), reply('Quenelles.'))
  const first = await converse(rig, 'Plan a trip')
  const second = await converse(rig, 'And food?', first.conversationId)
  return { id: first.conversationId, first: first.sent.message, second: second.sent.message }
}

describe('edit and resend', () => {
  test('the request carries the edited text and nothing after it; the old replies are kept as version 1', async () => {
    const rig = await startRig(tempDir())
    const { id, first } = await twoExchanges(rig)
    rig.fake.script(reply('Porto.'))
    const edited = await rig.chat.editMessage({
      conversationId: id,
      messageId: first.id,
      text: 'Plan a trip by train'
    })
    await rig.events.end(edited.turnId)

    const body = bodyOf(rig.fake, 2)
    expect(texts(body)).toEqual(['Plan a trip by train'])
    expect(JSON.stringify(body)).not.toContain('Lyon.')
    expectValidRequests(rig.fake)

    const onDisk = await saved(rig, id)
    expect(shownText(onDisk.messages)).toEqual(['Plan a trip by train', 'Porto.'])
    expect(onDisk.branches).toHaveLength(1)
    expect(onDisk.branches?.[0]).toMatchObject({ after: null, active: 1 })
    expect(shownText(onDisk.branches?.[0]?.others[0]?.messages ?? [])).toEqual([
      'Plan a trip',
      'Lyon.',
      'And food?',
      'Quenelles.'
    ])
    // The auto title follows the edited first message.
    expect(onDisk.title).toBe('Plan a trip by train')

    // After a restart, the earlier version is one switch away, and back.
    const chat = await rig.restart()
    const newFirst = onDisk.messages[0]?.id ?? ''
    expect(versionsByMessage(onDisk.messages, onDisk.branches).get(newFirst)).toEqual({
      index: 1,
      count: 2,
      fork: ''
    })
    const back = await chat.switchVersion({ conversationId: id, messageId: newFirst, version: 0 })
    expect(shownText(back.conversation.messages)).toEqual([
      'Plan a trip',
      'Lyon.',
      'And food?',
      'Quenelles.'
    ])
    expect(shownText((await saved(rig, id)).messages)).toHaveLength(4)
    const again = await chat.switchVersion({
      conversationId: id,
      messageId: first.id,
      version: 1
    })
    expect(shownText(again.conversation.messages)).toEqual(['Plan a trip by train', 'Porto.'])
    // The next message continues the version shown.
    rig.fake.script(reply('Yes.'))
    await converse(rig, 'Trains run daily?', id)
    expect(texts(bodyOf(rig.fake, 3))).toEqual([
      'Plan a trip by train',
      'Porto.',
      'Trains run daily?'
    ])
  })

  test('editing a later message keeps what came before; memory written by the old version stays', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Hello.'))
    const { conversationId: id } = await converse(rig, 'Hi')
    rig.fake.script(
      reply([memory({ command: 'create', path: '/memories/tea.md', file_text: 'green tea\n' })]),
      reply('Noted.')
    )
    const second = await converse(rig, 'I like green tea', id)
    rig.fake.script(reply('Noted, black tea.'))
    const edited = await rig.chat.editMessage({
      conversationId: id,
      messageId: second.sent.message.id,
      text: 'I like black tea'
    })
    await rig.events.end(edited.turnId)

    const body = bodyOf(rig.fake, 3)
    expect(texts(body)).toEqual(['Hi', 'Hello.', 'I like black tea'])
    const types = body.messages.flatMap((m) => m.content.map((b) => b.type))
    expect(types).toEqual(['text', 'text', 'text'])
    expectValidRequests(rig.fake)
    // Not reverted: the memory folder keeps what the earlier version wrote.
    expect(await readFile(join(rig.memoryRoot, 'tea.md'), 'utf8')).toBe('green tea\n')
    const onDisk = await saved(rig, id)
    expect(onDisk.branches?.[0]?.after).toBe(onDisk.messages[1]?.id)
    expect(onDisk.title).toBe('Hi')
  })

  test('refused while Claude is answering, and for a message that is not a typed one', async () => {
    const rig = await startRig(tempDir())
    const held = gate()
    rig.fake.script(
      reply('Slow answer here.', { fault: { kind: 'hold', afterDeltas: 1, gate: held } })
    )
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'Go' })
    await rig.events.next('chat:delta')
    const before = await readFile(join(rig.dir, 'user-data', 'conversations', `${id}.json`), 'utf8')
    await expect(
      rig.chat.editMessage({ conversationId: id, messageId: sent.message.id, text: 'Stop' })
    ).rejects.toMatchObject({ code: 'CHAT_BUSY', detail: expect.stringContaining('press Stop') })
    await expect(rig.chat.regenerate({ conversationId: id })).rejects.toMatchObject({
      code: 'CHAT_BUSY'
    })
    held.release()
    await rig.events.end(sent.turnId)
    expect(
      await readFile(join(rig.dir, 'user-data', 'conversations', `${id}.json`), 'utf8')
    ).not.toBe(before) // the answer landed, untouched by the refused edit
    const answer = (await rig.chat.getConversation({ conversationId: id })).conversation.messages[1]
    await expect(
      rig.chat.editMessage({ conversationId: id, messageId: answer?.id ?? '', text: 'x' })
    ).rejects.toMatchObject({
      code: 'BAD_INPUT',
      detail: expect.stringContaining('cannot be edited')
    })
    await expect(
      rig.chat.editMessage({ conversationId: id, messageId: 'no-such-message', text: 'x' })
    ).rejects.toMatchObject({ code: 'BAD_INPUT' })
    const after = await saved(rig, id)
    expect(after.branches).toBeUndefined()
    expect(shownText(after.messages)).toEqual(['Go', 'Slow answer here.'])
  })
})

describe('regenerate', () => {
  test('the request ends at the user message; every answer is kept as a version', async () => {
    const rig = await startRig(tempDir())
    const { id } = await twoExchanges(rig)
    rig.fake.script(reply('Tarte tatin.'))
    const first = await rig.chat.regenerate({ conversationId: id })
    await rig.events.end(first.turnId)

    const body = bodyOf(rig.fake, 2)
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'And food?', cache_control: { type: 'ephemeral' } }]
    })
    expect(texts(body)).toEqual(['Plan a trip', 'Lyon.', 'And food?'])
    expectValidRequests(rig.fake)

    rig.fake.script(reply('Bouchons.'))
    const second = await rig.chat.regenerate({ conversationId: id })
    await rig.events.end(second.turnId)
    const onDisk = await saved(rig, id)
    expect(shownText(onDisk.messages)).toEqual(['Plan a trip', 'Lyon.', 'And food?', 'Bouchons.'])
    expect(onDisk.branches).toHaveLength(1)
    const point = onDisk.branches?.[0]
    expect(point?.active).toBe(2)
    expect(point?.others.map((t) => shownText(t.messages))).toEqual([
      ['Quenelles.'],
      ['Tarte tatin.']
    ])
    const answerId = onDisk.messages[3]?.id ?? ''
    expect(versionsByMessage(onDisk.messages, onDisk.branches).get(answerId)).toEqual({
      index: 2,
      count: 3,
      fork: onDisk.messages[2]?.id
    })
    const shown = await rig.chat.switchVersion({
      conversationId: id,
      messageId: answerId,
      version: 0
    })
    expect(shownText(shown.conversation.messages).at(-1)).toBe('Quenelles.')
    await expect(
      rig.chat.switchVersion({
        conversationId: id,
        messageId: shown.conversation.messages[3]?.id ?? '',
        version: 3
      })
    ).rejects.toMatchObject({ code: 'BAD_INPUT', detail: expect.stringContaining('3 versions') })
  })

  test('with nothing sent yet there is nothing to regenerate', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    await expect(rig.chat.regenerate({ conversationId: id })).rejects.toMatchObject({
      code: 'CHAT_NOTHING_TO_RETRY',
      detail: expect.stringContaining('Send a message first')
    })
  })
})

describe('saved format', () => {
  test('a conversation file from before message actions loads, and regenerates', async () => {
    const rig = await startRig(tempDir())
    const folder = join(rig.dir, 'user-data', 'conversations')
    await mkdir(folder, { recursive: true })
    const old = {
      version: 1,
      id: 'old-conversation-1',
      title: 'Old one',
      titleSource: 'user',
      model: 'claude-sonnet-4-6',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      messages: [
        {
          id: 'u1',
          role: 'user',
          createdAt: '2026-01-01T00:00:00.000Z',
          content: [{ type: 'text', text: 'Old question' }]
        },
        {
          id: 'a1',
          role: 'assistant',
          createdAt: '2026-01-01T00:00:01.000Z',
          model: 'claude-sonnet-4-6',
          content: [{ type: 'text', text: 'Old answer' }],
          status: 'complete',
          stopReason: 'end_turn',
          usage: null,
          error: null
        }
      ]
    }
    await writeFile(join(folder, 'old-conversation-1.json'), JSON.stringify(old))
    const chat = await rig.restart()
    const { conversation } = await chat.getConversation({ conversationId: old.id })
    expect(conversation.branches).toBeUndefined()
    expect(shownText(conversation.messages)).toEqual(['Old question', 'Old answer'])
    rig.fake.script(reply('New answer'))
    const regenerated = await chat.regenerate({ conversationId: old.id })
    await rig.events.end(regenerated.turnId)
    const onDisk = await saved(rig, old.id)
    // Saved with the current version: the file was brought up to it when it loaded.
    expect(onDisk.version).toBe(CONVERSATION_VERSION)
    expect(onDisk.title).toBe('Old one')
    expect(onDisk.branches?.[0]).toMatchObject({ after: 'u1', active: 1 })
    expect(await readdir(folder)).toEqual(['old-conversation-1.json']) // nothing moved aside
  })
})

describe('versions nest', () => {
  const msg = (id: string, role: 'user' | 'assistant'): ChatMessage =>
    role === 'user'
      ? { id, role, createdAt: 't', content: [text(id) as { type: 'text'; text: string }] }
      : {
          id,
          role,
          createdAt: 't',
          model: 'm',
          content: [{ type: 'text', text: id }],
          status: 'complete',
          stopReason: 'end_turn',
          usage: null,
          error: null
        }
  const conversation = (ids: string[]): Conversation => ({
    version: 2,
    id: 'nest-test-0001',
    title: 't',
    titleSource: 'auto',
    model: 'm',
    createdAt: 't',
    updatedAt: 't',
    messages: ids.map((id, i) => msg(id, i % 2 === 0 ? 'user' : 'assistant'))
  })
  const ids = (c: Conversation) => c.messages.map((m) => m.id)

  test('a later fork travels with its version when an earlier one is switched', () => {
    const c = conversation(['u1', 'a1', 'u2', 'a2'])
    forkAt(c, 3) // regenerate a2
    c.messages.push(msg('a2b', 'assistant'))
    forkAt(c, 0) // edit u1
    c.messages.push(msg('u1b', 'user'), msg('a1b', 'assistant'))
    expect(c.branches).toHaveLength(1) // the inner point went with the old version
    switchVersion(c, 'u1b', 0)
    expect(ids(c)).toEqual(['u1', 'a1', 'u2', 'a2b'])
    expect(versionsByMessage(c.messages, c.branches)).toEqual(
      new Map([
        ['u1', { index: 0, count: 2, fork: '' }],
        ['a2b', { index: 1, count: 2, fork: 'u2' }]
      ])
    )
    switchVersion(c, 'a2b', 0)
    expect(ids(c)).toEqual(['u1', 'a1', 'u2', 'a2'])
    switchVersion(c, 'u1', 1)
    expect(ids(c)).toEqual(['u1b', 'a1b'])
    switchVersion(c, 'u1b', 0)
    expect(ids(c)).toEqual(['u1', 'a1', 'u2', 'a2']) // the inner choice was kept
  })

  test('forking with nothing after keeps no empty version', () => {
    const c = conversation(['u1'])
    forkAt(c, 1)
    expect(c.branches ?? []).toEqual([])
    expect(ids(c)).toEqual(['u1'])
  })
})

describe('a save that fails', () => {
  test('leaves the conversation as it was and starts no reply', async () => {
    const conversation: Conversation = {
      version: 2,
      id: 'save-fails-0001',
      title: 'Plan a trip',
      titleSource: 'auto',
      model: 'm',
      createdAt: 't',
      updatedAt: 't',
      messages: [
        { id: 'u1', role: 'user', createdAt: 't', content: [{ type: 'text', text: 'Plan a trip' }] }
      ]
    }
    const before = structuredClone(conversation)
    const started: string[] = []
    const actions = createMessageActions({
      find: async () => conversation,
      ensureIdle: () => undefined,
      save: async () => {
        throw new Error('ENOSPC')
      },
      start: (c) => (started.push(c.id), 'turn'),
      clock: () => new Date('2026-01-02T00:00:00.000Z')
    })
    await expect(
      actions.editMessage({ conversationId: conversation.id, messageId: 'u1', text: 'Plan a walk' })
    ).rejects.toThrow('ENOSPC')
    await expect(actions.regenerate({ conversationId: conversation.id })).rejects.toThrow('ENOSPC')
    expect(conversation).toEqual(before)
    expect(started).toEqual([])
  })
})
