import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConversationSchema } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import { reply } from '../../../../../e2e/fake-anthropic'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { createConversationStore } from '../conversations/conversation-store'
import { DAMAGED_NOTES_FILE } from '../conversations/damaged/damaged-notes'
import { converse, expectValidRequests, startRig } from './harness'

/*
 * Issue 36: a conversation file that could not be read is kept beside the others and told of;
 * Recover makes a new chat of the messages before the damage; Dismiss hides it (the file stays).
 */

const tempDir = useTempDir('cairn-chat-damaged-')

/** A chat of three exchanges on disk, then its file cut part-way through the fifth message. */
async function halfWritten() {
  const rig = await startRig(tempDir())
  rig.fake.script(reply('Lyon, then Annecy.'), reply('Yes, May is mild.'), reply('Take a coat.'))
  const { conversationId } = await converse(rig, 'Plan a trip to Lyon')
  await converse(rig, 'Is May good?', conversationId)
  await converse(rig, 'What should I pack?', conversationId)
  await rig.chat.renameConversation({ conversationId, title: 'Lyon trip' })
  const folder = join(rig.dir, 'user-data', 'conversations')
  const path = join(folder, `${conversationId}.json`)
  const whole = await readFile(path, 'utf8')
  const fifth = whole.indexOf('What should I pack?')
  await writeFile(path, whole.slice(0, fifth + 5))
  return { rig, folder, conversationId, whole }
}

describe('damaged conversation files', () => {
  test('the store lists the file it moved aside and one an earlier start kept', async () => {
    const dir = tempDir()
    const folder = join(dir, 'conversations')
    const { logger } = captureLogger()
    const clock = () => new Date('2025-02-03T04:05:06.007Z')
    const open = () => createConversationStore({ dir, logger, clock })
    const first = open()
    await first.ready()
    expect(await first.damaged()).toEqual([])
    const earlier = '0ldc0de0-0000-4000-8000-000000000000.json.corrupt-2024-01-01T00-00-00-000Z'
    await writeFile(join(folder, earlier), '{"version":1,"title":"Old"')
    await writeFile(join(folder, '0badc0de-0000-4000-8000-000000000000.json'), '{"version":1,')
    // A name that only looks close is not listed.
    await writeFile(join(folder, 'notes.json.corrupt-x.txt'), 'x')

    const store = open()
    await store.ready()
    expect(await store.damaged()).toEqual([
      {
        file: '0badc0de-0000-4000-8000-000000000000.json.corrupt-2025-02-03T04-05-06-007Z',
        reason: 'it is not valid JSON'
      },
      { file: earlier, reason: null }
    ])
    expect(store.all()).toEqual([])
  })

  test('listed with its title, why, and the messages before the damage', async () => {
    const { rig, folder, conversationId } = await halfWritten()
    const chat = await rig.restart()
    const { conversations } = await chat.listConversations()
    expect(conversations).toEqual([])
    const { damaged } = await chat.listDamaged()
    expect(damaged).toHaveLength(1)
    const [entry] = damaged
    expect(entry).toMatchObject({
      title: 'Lyon trip',
      reason: 'it breaks off part-way through message 5',
      messages: 4,
      recovered: null
    })
    expect(entry?.file).toMatch(new RegExp(`^${conversationId}\\.json\\.corrupt-`))
    expect(await readdir(folder)).toEqual([entry?.file])
  })

  test('Recover: a new chat of the messages before the damage that goes on; the file stays', async () => {
    const { rig, folder, whole } = await halfWritten()
    const original = ConversationSchema.parse(JSON.parse(whole))
    const chat = await rig.restart()
    const [entry] = (await chat.listDamaged()).damaged
    const file = entry?.file ?? ''
    const kept = await readFile(join(folder, file), 'utf8')

    const recovered = await chat.recoverDamaged({ file })
    expect(recovered.messages).toBe(4)
    expect(recovered.conversation).toMatchObject({
      title: 'Lyon trip (recovered)',
      messageCount: 4
    })
    const id = recovered.conversation.id
    const { conversation } = await chat.getConversation({ conversationId: id })
    expect(conversation.messages).toEqual(original.messages.slice(0, 4))
    expect(conversation.model).toBe(original.model)
    // The file broke off before it said whether the chat used memory: off until turned on.
    expect(conversation.memory).toBe('off')
    expect((await chat.listConversations()).conversations.map((c) => c.id)).toEqual([id])

    // The damaged file is untouched and still listed, now with what Recover made.
    expect(await readFile(join(folder, file), 'utf8')).toBe(kept)
    expect((await chat.listDamaged()).damaged).toEqual([
      {
        ...entry,
        recovered: { conversationId: id, title: 'Lyon trip (recovered)', messages: 4 }
      }
    ])
    // Recover again: the same chat, not a second copy.
    expect((await chat.recoverDamaged({ file })).conversation.id).toBe(id)
    expect((await chat.listConversations()).conversations).toHaveLength(1)

    // The recovered chat goes on, and survives a restart.
    rig.fake.script(reply('A light jacket.'))
    const sent = await chat.send({ conversationId: id, text: 'And for June?' })
    expect((await rig.events.end(sent.turnId)).event).toBe('chat:done')
    expectValidRequests(rig.fake)
    const again = await rig.restart()
    const reread = (await again.getConversation({ conversationId: id })).conversation
    expect(reread.messages).toHaveLength(6)
    expect((await again.listDamaged()).damaged[0]?.recovered?.conversationId).toBe(id)
  })

  test('text appended after a whole file: everything is recovered, memory as it was', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Hello.'))
    const { conversationId } = await converse(rig, 'Hi there')
    const path = join(rig.dir, 'user-data', 'conversations', `${conversationId}.json`)
    await writeFile(path, (await readFile(path, 'utf8')) + '\u0000\u0000{"half')
    const chat = await rig.restart()
    const [entry] = (await chat.listDamaged()).damaged
    expect(entry).toMatchObject({ reason: 'there is other text after its end', messages: 2 })
    const { conversation } = await chat.recoverDamaged({ file: entry?.file ?? '' })
    const full = (await chat.getConversation({ conversationId: conversation.id })).conversation
    expect(full.memory).toBeUndefined() // a whole file without the field: memory was on
    expect(full.title).toBe('Hi there (recovered)')
  })

  test('Dismiss hides it for good; the file stays; nothing to recover is said', async () => {
    const rig = await startRig(tempDir())
    const folder = join(rig.dir, 'user-data', 'conversations')
    const chat0 = rig.chat
    await chat0.listConversations()
    const file = '0badc0de-0000-4000-8000-000000000000.json.corrupt-2024-05-06T07-08-09-000Z'
    await writeFile(join(folder, file), '')
    const chat = await rig.restart()
    const [entry] = (await chat.listDamaged()).damaged
    expect(entry).toMatchObject({ file, title: null, reason: 'it is empty', messages: 0 })
    const refused = await chat.recoverDamaged({ file }).catch((error: unknown) => error)
    expect(CairnError.from(refused).message).toMatch(/nothing to recover/)

    expect(await chat.dismissDamaged({ file })).toEqual({ damaged: [] })
    expect((await rig.restart().then((c) => c.listDamaged())).damaged).toEqual([])
    expect((await readdir(folder)).sort()).toEqual([DAMAGED_NOTES_FILE, file].sort())
    // The notes file is never taken for a conversation.
    const after = await rig.restart()
    expect((await after.listConversations()).problems).toEqual([])
    expect((await readdir(folder)).sort()).toEqual([DAMAGED_NOTES_FILE, file].sort())
  })

  test('a file the user removed is no longer listed; one not listed is refused', async () => {
    const { rig, folder } = await halfWritten()
    const chat = await rig.restart()
    const [entry] = (await chat.listDamaged()).damaged
    const { rm } = await import('node:fs/promises')
    await rm(join(folder, entry?.file ?? ''))
    expect((await chat.listDamaged()).damaged).toEqual([])
    const refused = await chat.recoverDamaged({ file: entry?.file ?? '' }).catch((e: unknown) => e)
    expect(CairnError.from(refused).code).toBe('CHAT_NOT_FOUND')
  })

  test('Open folder hands the conversations folder to the file manager', async () => {
    const opened: string[] = []
    const rig = await startRig(tempDir(), {
      service: { openFolder: async (path) => (opened.push(path), '') }
    })
    expect(await rig.chat.openConversationsFolder()).toEqual({ opened: true })
    expect(opened).toEqual([join(rig.dir, 'user-data', 'conversations')])
    const failing = await startRig(tempDir(), {
      service: { openFolder: async () => 'no file manager' }
    })
    const error = await failing.chat.openConversationsFolder().catch((e: unknown) => e)
    expect(CairnError.from(error)).toMatchObject({ code: 'OPEN_FOLDER_FAILED' })
  })
})
