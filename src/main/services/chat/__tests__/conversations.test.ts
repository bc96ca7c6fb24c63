import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '@shared/chat/chat'
import { memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { listFiles, modeOf, useTempDir, isWindows } from '../../__tests__/helpers'
import { titleFrom } from '../conversations/conversations'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

const tempDir = useTempDir('cairn-chat-conv-')

describe('conversations on disk', () => {
  test('saved one file each, reloaded exactly, and continued', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Paris.'), reply('About 2.1 million people.'))
    const { conversationId } = await converse(rig, 'What is the capital of France?')
    const before = (await rig.chat.getConversation({ conversationId })).conversation

    const folder = join(rig.dir, 'user-data', 'conversations')
    expect(await readdir(folder)).toEqual([`${conversationId}.json`])
    if (!isWindows) {
      expect(await modeOf(join(folder, `${conversationId}.json`))).toBe(0o600)
      expect(await modeOf(folder)).toBe(0o700)
    }
    const onDisk = ConversationSchema.parse(
      JSON.parse(await readFile(join(folder, `${conversationId}.json`), 'utf8'))
    )
    expect(onDisk).toEqual(before)

    // After a restart: the same conversation, message for message.
    const chat = await rig.restart()
    const { conversations, problems } = await chat.listConversations()
    expect(problems).toEqual([])
    expect(conversations.map((c) => [c.id, c.title, c.messageCount, c.running])).toEqual([
      [conversationId, 'What is the capital of France?', 2, false]
    ])
    expect((await chat.getConversation({ conversationId })).conversation).toEqual(before)

    const sent = await chat.send({ conversationId, text: 'How many people live there?' })
    expect((await rig.events.end(sent.turnId)).event).toBe('chat:done')
    const history = bodyOf(rig.fake, 1).messages
    expect(history.map((m) => [m.role, m.content[0]?.text])).toEqual([
      ['user', 'What is the capital of France?'],
      ['assistant', 'Paris.'],
      ['user', 'How many people live there?']
    ])
    expectValidRequests(rig.fake)
    // No temp files left behind by the durable writes.
    expect((await listFiles(folder)).map((f) => f.slice(folder.length + 1))).toEqual([
      `${conversationId}.json`
    ])
  })

  test('a corrupt file is moved aside and reported; the others still load', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('One.'), reply('Two.'))
    const good = await converse(rig, 'first conversation')
    const other = await converse(rig, 'second conversation')
    const folder = join(rig.dir, 'user-data', 'conversations')
    const badId = '0badc0de-0000-4000-8000-000000000000'
    await writeFile(join(folder, `${badId}.json`), '{"version":1,"id":')
    const wrongShape = '0badc0de-0000-4000-8000-000000000001'
    await writeFile(
      join(folder, `${wrongShape}.json`),
      JSON.stringify({ version: 1, id: wrongShape })
    )
    await writeFile(join(folder, `.${good.conversationId}.json.1234.tmp`), 'half a write')

    const chat = await rig.restart()
    const { conversations, problems } = await chat.listConversations()
    expect(conversations.map((c) => c.id).sort()).toEqual(
      [good.conversationId, other.conversationId].sort()
    )
    expect(problems).toHaveLength(2)
    const byFile = Object.fromEntries(problems.map((p) => [p.file, p]))
    expect(byFile[`${badId}.json`]?.message).toContain('not valid JSON')
    expect(byFile[`${wrongShape}.json`]?.message).toMatch(/could not be read/)
    for (const problem of problems) {
      expect(problem.movedTo).toMatch(/\.json\.corrupt-/)
      expect(problem.message).toContain(problem.movedTo)
    }
    const names = await readdir(folder)
    expect(names.filter((n) => n.includes('.corrupt-'))).toHaveLength(2)
    expect(names.some((n) => n.endsWith('.tmp'))).toBe(false)
    // The moved files keep their content for the user.
    const moved = names.find((n) => n.startsWith(badId)) ?? ''
    expect(await readFile(join(folder, moved), 'utf8')).toBe('{"version":1,"id":')
    // A third start does not report them again: they are no longer conversation files.
    const again = await rig.restart()
    expect((await again.listConversations()).problems).toEqual([])
  })

  test('create, list newest first, rename, search by title and text, delete', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Basil likes sun.'), reply('Use a sourdough starter.'))
    const plants = await converse(rig, 'How do I grow basil?')
    const bread = await converse(rig, 'How do I bake bread?')
    const empty = await rig.chat.createConversation({ model: 'claude-opus-4-6' })
    expect(empty).toMatchObject({
      title: 'New conversation',
      model: 'claude-opus-4-6',
      messages: []
    })

    // A new chat is not saved (nor listed) until its first message.
    const listed = (await rig.chat.listConversations()).conversations
    expect(listed.map((c) => c.id)).toEqual([bread.conversationId, plants.conversationId])
    expect(await rig.chat.getConversation({ conversationId: empty.id })).toMatchObject({
      conversation: { id: empty.id }
    })

    const renamed = await rig.chat.renameConversation({
      conversationId: plants.conversationId,
      title: '  Herb garden  '
    })
    expect(renamed).toMatchObject({ title: 'Herb garden' })
    // Renaming is not activity: the order stays.
    expect((await rig.chat.listConversations()).conversations.map((c) => c.id)).toEqual(
      listed.map((c) => c.id)
    )

    const byTitle = await rig.chat.searchConversations({ query: 'herb' })
    expect(byTitle.conversations.map((c) => c.id)).toEqual([plants.conversationId])
    const byText = await rig.chat.searchConversations({ query: 'SOURDOUGH' })
    expect(byText.conversations.map((c) => [c.id, c.snippet, c.match])).toEqual([
      [
        bread.conversationId,
        'Use a sourdough starter.',
        { messageId: expect.any(String), start: 6, length: 9 }
      ]
    ])
    const [hit] = byText.conversations
    const answer = (await rig.chat.getConversation({ conversationId: bread.conversationId }))
      .conversation.messages[1]
    expect(hit?.match?.messageId).toBe(answer?.id) // the search can jump to this message
    expect(
      (await rig.chat.searchConversations({ query: 'nothing like this' })).conversations
    ).toEqual([])

    const model = await rig.chat.setModel({
      conversationId: bread.conversationId,
      model: 'claude-haiku-4-5'
    })
    expect(model.model).toBe('claude-haiku-4-5')
    rig.fake.script(reply('Knead it.'))
    await converse(rig, 'And then?', bread.conversationId)
    expect(bodyOf(rig.fake, 2).model).toBe('claude-haiku-4-5')

    await rig.chat.deleteConversation({ conversationId: plants.conversationId })
    const folder = join(rig.dir, 'user-data', 'conversations')
    expect(await readdir(folder)).toEqual([`${bread.conversationId}.json`])
    await expect(
      rig.chat.getConversation({ conversationId: plants.conversationId })
    ).rejects.toMatchObject({ code: 'CHAT_NOT_FOUND' })
    const chat = await rig.restart()
    expect((await chat.listConversations()).conversations.map((c) => c.title)).toEqual([
      'How do I bake bread?'
    ])
  })

  test('deleting a conversation while it answers stops the reply first', async () => {
    const rig = await startRig(tempDir(), {
      service: {
        wait: (_ms, signal) =>
          new Promise((resolve) => signal.addEventListener('abort', () => resolve()))
      }
    })
    rig.fake.script({ kind: 'error', status: 529 })
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'hello' })
    await rig.events.next('chat:retrying')
    await rig.chat.deleteConversation({ conversationId: id })
    expect((await rig.events.end(sent.turnId)).event).toBe('chat:done')
    expect(await readdir(join(rig.dir, 'user-data', 'conversations'))).toEqual([])
  })

  test('a write that fails refuses the send and keeps nothing half-done', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    const folder = join(rig.dir, 'user-data', 'conversations')
    // Replace the folder by a file so every write fails.
    const { rm } = await import('node:fs/promises')
    await rm(folder, { recursive: true })
    await writeFile(folder, 'not a folder')
    await expect(rig.chat.send({ conversationId: id, text: 'hi' })).rejects.toMatchObject({
      code: 'CHAT_WRITE_FAILED'
    })
    const { conversation, running } = await rig.chat.getConversation({ conversationId: id })
    expect(conversation.messages).toEqual([])
    expect(conversation.title).toBe('New conversation')
    // The reply that had started alongside the save left no trace: no event, no message.
    expect(running).toBe(false)
    expect(rig.events.all).toEqual([])
    await rm(folder)
    await mkdir(folder)
  })
})

describe('titles', () => {
  test.each([
    ['Hello', 'Hello'],
    ['  many   spaces\nand lines  ', 'many spaces and lines'],
    ['', 'New conversation'],
    [
      'Please help me plan a vegetable garden for a small balcony in a windy city',
      'Please help me plan a vegetable garden for a small balcony…'
    ],
    ['x'.repeat(100), `${'x'.repeat(60)}…`]
  ])('%j → %j', (input, title) => {
    expect(titleFrom(input)).toBe(title)
  })
})

describe('pins, new chats and export', () => {
  test('a pinned conversation lists first, in search too, and stays pinned after a restart', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Older answer about tea.'), reply('Newer answer about tea.'))
    const older = await converse(rig, 'tea one')
    const newer = await converse(rig, 'tea two')
    const ids = async () => (await rig.chat.listConversations()).conversations.map((c) => c.id)
    expect(await ids()).toEqual([newer.conversationId, older.conversationId])

    const pinned = await rig.chat.setPinned({ conversationId: older.conversationId, pinned: true })
    expect(pinned.pinned).toBe(true)
    expect(await ids()).toEqual([older.conversationId, newer.conversationId])
    const found = await rig.chat.searchConversations({ query: 'tea' })
    expect(found.conversations.map((c) => [c.id, c.pinned])).toEqual([
      [older.conversationId, true],
      [newer.conversationId, false]
    ])

    const chat = await rig.restart()
    expect((await chat.listConversations()).conversations[0]).toMatchObject({
      id: older.conversationId,
      pinned: true
    })
    await chat.setPinned({ conversationId: older.conversationId, pinned: false })
    expect(await ids()).toEqual([newer.conversationId, older.conversationId])
  })

  test('an empty new chat is never written nor listed; its first message saves it; a restart forgets the rest', async () => {
    const rig = await startRig(tempDir())
    const folder = join(rig.dir, 'user-data', 'conversations')
    const first = await rig.chat.createConversation()
    await rig.chat.setModel({ conversationId: first.id, model: 'claude-haiku-4-5' })
    const second = await rig.chat.createConversation()
    expect(await listFiles(folder)).toEqual([])
    expect((await rig.chat.listConversations()).conversations).toEqual([])
    rig.fake.script(reply('Hello!'))
    await converse(rig, 'Hi', second.id)
    expect(await readdir(folder)).toEqual([`${second.id}.json`])
    expect((await rig.chat.listConversations()).conversations.map((c) => c.id)).toEqual([second.id])
    // The other one still works until it is used or the app restarts.
    expect((await rig.chat.getConversation({ conversationId: first.id })).conversation.model).toBe(
      'claude-haiku-4-5'
    )
    const chat = await rig.restart()
    await expect(chat.getConversation({ conversationId: first.id })).rejects.toMatchObject({
      code: 'CHAT_NOT_FOUND'
    })
  })

  test('export writes the conversation as Markdown where the save dialog chose', async () => {
    const exportsDir = join(tempDir(), 'exports')
    await mkdir(exportsDir)
    const asked: string[] = []
    let answer: string | null = null
    const rig = await startRig(tempDir(), {
      service: {
        chooseSavePath: async ({ defaultName }) => {
          asked.push(defaultName)
          return answer
        }
      }
    })
    rig.fake.script(
      reply([
        text('Noting it. '),
        memory({ command: 'create', path: '/memories/trip.md', file_text: 'Lyon: May' })
      ]),
      reply('Saved: **Lyon in May**.')
    )
    const { conversationId } = await converse(rig, 'Remember: Lyon/Paris in May?')

    // Cancelled: nothing written, nothing thrown.
    expect(await rig.chat.exportConversation({ conversationId })).toEqual({
      saved: false,
      fileName: null
    })
    expect(asked).toEqual(['Remember Lyon Paris in May.md'])

    answer = join(exportsDir, 'trip.md')
    expect(await rig.chat.exportConversation({ conversationId })).toEqual({
      saved: true,
      fileName: 'trip.md'
    })
    const markdown = await readFile(answer, 'utf8')
    expect(markdown).toMatch(/^# Remember: Lyon\/Paris in May\?\n/)
    expect(markdown).toContain('## You · ')
    expect(markdown).toContain('Remember: Lyon/Paris in May?')
    expect(markdown).toContain('**Memory**\n\n- Wrote `/memories/trip.md`')
    expect(markdown).toContain('Saved: **Lyon in May**.')
    expect(markdown).not.toContain('tool_result')

    // A folder it cannot write to: a clear error, the old file untouched.
    answer = join(exportsDir, 'missing-folder', 'x.md')
    await expect(rig.chat.exportConversation({ conversationId })).rejects.toMatchObject({
      code: 'EXPORT_FAILED',
      detail: expect.stringContaining('Choose a folder you can write to')
    })
    expect(await readFile(join(exportsDir, 'trip.md'), 'utf8')).toBe(markdown)
  })
})
