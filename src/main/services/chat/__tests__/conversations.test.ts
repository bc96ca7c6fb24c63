import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '@shared/chat'
import { reply } from '../../../../../e2e/fake-anthropic'
import { listFiles, modeOf, useTempDir, isWindows } from '../../__tests__/helpers'
import { titleFrom } from '../conversations'
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

    const listed = (await rig.chat.listConversations()).conversations
    expect(listed.map((c) => c.id)).toEqual([empty.id, bread.conversationId, plants.conversationId])

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
    expect(byText.conversations.map((c) => [c.id, c.snippet])).toEqual([
      [bread.conversationId, 'Use a sourdough starter.']
    ])
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
    expect((await readdir(folder)).sort()).toEqual(
      [`${bread.conversationId}.json`, `${empty.id}.json`].sort()
    )
    await expect(
      rig.chat.getConversation({ conversationId: plants.conversationId })
    ).rejects.toMatchObject({ code: 'CHAT_NOT_FOUND' })
    const chat = await rig.restart()
    expect((await chat.listConversations()).conversations.map((c) => c.title)).toEqual([
      'How do I bake bread?',
      'New conversation'
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
