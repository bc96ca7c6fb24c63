import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CairnError } from '@shared/errors'
import { reply } from '../../../../../../e2e/fake-anthropic'
import { captureLogger, useTempDir } from '../../../__tests__/helpers'
import { bodyOf, expectValidRequests, startRig } from '../../__tests__/harness'
import { createAttachmentService } from '..'
import { ATTACHMENTS_FOLDER } from '../store'
import { b64, pdf, png } from './fixtures'

const tempDir = useTempDir('cairn-attach-')
const userData = () => join(tempDir(), 'user-data')
const stored = async () =>
  (await readdir(join(userData(), ATTACHMENTS_FOLDER)).catch(() => [])).sort()

describe('attachments in a conversation', () => {
  test('an image, a PDF and a text file reach the API as image and document blocks', async () => {
    const rig = await startRig(tempDir())
    const image = await rig.chat.attachments.add({
      name: 'chart.png',
      data: b64(await png(40, 20))
    })
    const doc = await rig.chat.attachments.add({ name: 'spec.pdf', data: b64(pdf(2)) })
    const code = await rig.chat.attachments.add({
      name: 'main.ts',
      data: b64(Buffer.from('export const answer = 42\n'))
    })
    expect(image.thumbnail).toMatch(/^data:image\/webp;base64,/)
    expect(doc.attachment).toMatchObject({ kind: 'pdf', pages: 2 })
    const { id } = await rig.chat.createConversation()
    rig.fake.script(reply('I see a chart, a spec and some code.'))
    const sent = await rig.chat.send({
      conversationId: id,
      text: 'What are these?',
      attachments: [image, doc, code].map(({ attachment }) => ({
        hash: attachment.hash,
        name: attachment.name
      }))
    })
    expect((await rig.events.end(sent.turnId)).event).toBe('chat:done')
    expectValidRequests(rig.fake)
    const content = bodyOf(rig.fake, 0).messages[0]?.content
    expect(content).toEqual([
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: b64(await png(40, 20)) }
      },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: b64(pdf(2)) },
        title: 'spec.pdf'
      },
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: 'export const answer = 42\n' },
        title: 'main.ts'
      },
      { type: 'text', text: 'What are these?', cache_control: { type: 'ephemeral' } }
    ])
    // The saved conversation names the files by hash; it holds none of their bytes.
    const saved = await readFile(join(userData(), 'conversations', `${id}.json`), 'utf8')
    expect(saved).toContain(image.attachment.hash)
    expect(saved).not.toContain(b64(pdf(2)).slice(0, 40))
  })

  test('a message of files only is sent without an empty text block, titled by the file', async () => {
    const rig = await startRig(tempDir())
    const { attachment } = await rig.chat.attachments.add({
      name: 'receipt.png',
      data: b64(await png(10, 10))
    })
    const { id } = await rig.chat.createConversation()
    rig.fake.script(reply('A receipt.'))
    const sent = await rig.chat.send({
      conversationId: id,
      text: '  ',
      attachments: [{ hash: attachment.hash, name: attachment.name }]
    })
    await rig.events.end(sent.turnId)
    expectValidRequests(rig.fake)
    expect(bodyOf(rig.fake, 0).messages[0]?.content.map((b) => b.type)).toEqual(['image'])
    expect(sent.conversation.title).toBe('receipt.png')
    await rig.chat.renameConversation({ conversationId: id, title: 'Expenses' })
    // Search finds a conversation by the names of its files.
    const found = await rig.chat.searchConversations({ query: 'receipt' })
    expect(found.conversations.map((c) => [c.id, c.snippet])).toEqual([[id, 'receipt.png']])
  })

  test('the same bytes are stored once; files survive a restart', async () => {
    const rig = await startRig(tempDir())
    const bytes = b64(await png(30, 30))
    const first = await rig.chat.attachments.add({ name: 'a.png', data: bytes })
    const second = await rig.chat.attachments.add({ name: 'copy of a.png', data: bytes })
    expect(second.attachment.hash).toBe(first.attachment.hash)
    expect(second.attachment.name).toBe('copy of a.png')
    expect(await stored()).toEqual(
      ['', '.json', '.thumb'].map((suffix) => `${first.attachment.hash}${suffix}`)
    )
    const { id } = await rig.chat.createConversation()
    rig.fake.script(reply('One.'), reply('Still there.'))
    const ref = { hash: first.attachment.hash, name: 'a.png' }
    await rig.events.end(
      (await rig.chat.send({ conversationId: id, text: 'hi', attachments: [ref] })).turnId
    )

    const chat = await rig.restart()
    expect((await chat.attachments.preview(first.attachment.hash)).thumbnail).toBe(first.thumbnail)
    const again = await chat.send({ conversationId: id, text: 'and now?' })
    await rig.events.end(again.turnId)
    expectValidRequests(rig.fake)
    // The second request carries the image from the first message, read back from disk.
    expect(bodyOf(rig.fake, 1).messages[0]?.content[0]).toMatchObject({
      type: 'image',
      source: { data: bytes }
    })
  })

  test('a deleted conversation’s files stay for Undo, and go at the next start, except those another one names', async () => {
    const rig = await startRig(tempDir())
    const shared = (await rig.chat.attachments.add({ name: 's.png', data: b64(await png(8, 8)) }))
      .attachment
    const own = (await rig.chat.attachments.add({ name: 'o.pdf', data: b64(pdf(1)) })).attachment
    const a = (await rig.chat.createConversation()).id
    const b = (await rig.chat.createConversation()).id
    rig.fake.script(reply('a'), reply('b'))
    const send = async (conversationId: string, files: (typeof shared)[]) =>
      rig.events.end(
        (
          await rig.chat.send({
            conversationId,
            text: 'look',
            attachments: files.map((f) => ({ hash: f.hash, name: f.name }))
          })
        ).turnId
      )
    await send(a, [shared, own])
    await send(b, [shared])
    const before = await stored()
    await rig.chat.deleteConversation({ conversationId: a })
    expect(await stored()).toEqual(before) // Undo puts the chat back whole
    // The delete is final at the next start: a's own file goes, the shared one stays for b.
    let chat = await rig.restart()
    await chat.listConversations()
    await expect
      .poll(stored)
      .toEqual(['', '.json', '.thumb'].map((suffix) => `${shared.hash}${suffix}`))
    await chat.deleteConversation({ conversationId: b })
    chat = await rig.restart()
    await chat.listConversations()
    await expect.poll(stored).toEqual([])
  })

  test('a send over the API’s limits for the conversation is refused, naming the limit, and nothing is saved', async () => {
    const rig = await startRig(tempDir())
    const first = (await rig.chat.attachments.add({ name: 'part-1.pdf', data: b64(pdf(60)) }))
      .attachment
    const second = (await rig.chat.attachments.add({ name: 'part-2.pdf', data: b64(pdf(41)) }))
      .attachment
    const { id } = await rig.chat.createConversation()
    rig.fake.script(reply('Read it.'))
    const ok = await rig.chat.send({
      conversationId: id,
      text: 'part one',
      attachments: [{ hash: first.hash, name: first.name }]
    })
    await rig.events.end(ok.turnId)
    const error = await rig.chat
      .send({
        conversationId: id,
        text: 'part two',
        attachments: [{ hash: second.hash, name: second.name }]
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'ATTACHMENT_REFUSED' })
    expect((error as CairnError).detail).toMatch(
      /101 PDF pages in the conversation; the API reads at most 100 PDF pages per request\. Attach a shorter PDF, or start a new conversation/
    )
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(rig.fake.messageRequests()).toHaveLength(1)
  })

  test('a hash that is not stored is refused before anything is saved or sent', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    const error = await rig.chat
      .send({
        conversationId: id,
        text: 'hi',
        attachments: [{ hash: 'a'.repeat(64), name: 'gone.png' }]
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CairnError)
    expect(error).toMatchObject({ code: 'ATTACHMENT_MISSING' })
    expect((error as CairnError).detail).toMatch(/“gone\.png” is no longer stored\. Remove it/)
    expect((await rig.chat.getConversation({ conversationId: id })).conversation.messages).toEqual(
      []
    )
    expect(rig.fake.messageRequests()).toEqual([])
  })

  test('a file deleted from the store behind Cairn’s back is named in the request, not fatal', async () => {
    const rig = await startRig(tempDir())
    const { attachment } = await rig.chat.attachments.add({
      name: 'n.txt',
      data: b64(Buffer.from('note'))
    })
    const { id } = await rig.chat.createConversation()
    rig.fake.script(reply('ok'), reply('ok again'))
    const ref = { hash: attachment.hash, name: 'n.txt' }
    await rig.events.end(
      (await rig.chat.send({ conversationId: id, text: 'a', attachments: [ref] })).turnId
    )
    await rm(join(userData(), ATTACHMENTS_FOLDER, attachment.hash))
    await rig.events.end((await rig.chat.send({ conversationId: id, text: 'b' })).turnId)
    expectValidRequests(rig.fake)
    expect(bodyOf(rig.fake, 1).messages[0]?.content[0]).toEqual({
      type: 'text',
      text: '(The attached file “n.txt” is no longer stored on this computer.)'
    })
  })
})

describe('the attachment service on its own', () => {
  test('files never sent are swept on the next start; newer ones are kept', async () => {
    const { logger } = captureLogger()
    const service = createAttachmentService({ dir: userData(), logger })
    const old = await service.add({ name: 'old.png', data: b64(await png(5, 5)) })
    const recent = await service.add({ name: 'new.txt', data: b64(Buffer.from('new')) })
    const past = new Date(Date.now() - 60_000)
    await utimes(join(userData(), ATTACHMENTS_FOLDER, old.attachment.hash), past, past)
    expect(await service.sweep([], Date.now() - 30_000)).toBe(1)
    expect(await stored()).toEqual([`${recent.attachment.hash}`, `${recent.attachment.hash}.json`])
  })

  test('a file added just after the start is kept though the coarse file clock dates it before', async () => {
    const { logger } = captureLogger()
    const service = createAttachmentService({ dir: userData(), logger })
    const startedAt = Date.now()
    const added = await service.add({ name: 'plan.txt', data: b64(Buffer.from('the plan')) })
    // What a busy machine produced: the sweep ran after the add, the mtime a few ms "before" it.
    const stamped = new Date(startedAt - 5)
    await utimes(join(userData(), ATTACHMENTS_FOLDER, added.attachment.hash), stamped, stamped)
    expect(await service.sweep([], startedAt)).toBe(0)
    expect(await stored()).toContain(added.attachment.hash)
  })

  test("a project's knowledge is never swept or released, though no chat names it", async () => {
    const { logger } = captureLogger()
    const knowledge = new Set<string>()
    const service = createAttachmentService({ dir: userData(), logger, alsoKept: () => knowledge })
    const kept = await service.add({ name: 'spec.txt', data: b64(Buffer.from('the spec')) })
    knowledge.add(kept.attachment.hash)
    const chat = { messages: [{ role: 'user', content: [kept.attachment] }] } as never
    await service.release(chat, [])
    expect(await service.sweep([], Date.now() + 60_000)).toBe(0)
    expect(await stored()).toContain(kept.attachment.hash)
    knowledge.clear()
    expect(await service.sweep([], Date.now() + 60_000)).toBe(1)
  })

  test('the file button reads what the dialog picked; bad files are refused one by one', async () => {
    const dir = tempDir()
    const picked = [join(dir, 'photo.txt'), join(dir, 'tool.exe'), join(dir, 'missing.md')]
    await writeFile(picked[0] as string, await png(12, 6))
    await writeFile(picked[1] as string, Buffer.from([0x4d, 0x5a, 0, 0, 1, 2, 3]))
    const { logger } = captureLogger()
    const service = createAttachmentService({
      dir: userData(),
      logger,
      pickFiles: async () => picked
    })
    const result = await service.pick()
    expect(result.added.map((a) => a.attachment)).toEqual([
      expect.objectContaining({ name: 'photo.txt', kind: 'image', width: 12, height: 6 })
    ])
    expect(result.refused).toEqual([
      {
        name: 'tool.exe',
        message: expect.stringMatching(/“tool\.exe” is application\/x-msdownload, not an image/)
      },
      { name: 'missing.md', message: expect.stringMatching(/could not be read \(ENOENT\)/) }
    ])
    // No host path in any message.
    expect(JSON.stringify(result)).not.toContain(dir)
  })

  test('without a dialog the file button says what to do instead', async () => {
    const { logger } = captureLogger()
    const service = createAttachmentService({ dir: userData(), logger })
    await expect(service.pick()).rejects.toThrow(/Paste or drop the file instead/)
  })
})
