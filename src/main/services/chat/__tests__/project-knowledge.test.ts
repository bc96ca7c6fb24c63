import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { FILES_BETA, NEWEST_MODELS, reply, text, thinking } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { pdf, png } from '../attachments/__tests__/fixtures'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'
import { testProjects } from './projects-rig'

const tempDir = useTempDir('cairn-project-knowledge-')

/** A project "Garden" with a PDF, a text file and an image as knowledge. */
async function gardenRig(options: { filesApi?: boolean } = {}) {
  const projects = testProjects()
  projects.add('garden', { name: 'Garden' })
  const rig = await startRig(tempDir(), {
    service: { projects },
    fake: options.filesApi === false ? { filesApi: false } : {}
  })
  const plan = pdf(2)
  for (const [name, bytes] of [
    ['plan.pdf', plan],
    // Long enough to be cached on its own (over the model's minimum cacheable prompt).
    ['notes.txt', Buffer.from('Roses in the east bed.\n'.repeat(400))],
    ['bed.png', await png(40, 30)]
  ] as const)
    projects.addKnowledge('garden', await rig.chat.attachments.addFile(name, bytes))
  const { id } = await rig.chat.createConversation({ project: 'garden' })
  return { rig, projects, id, plan }
}

const uploads = (rig: { fake: { fileRequests(): Array<{ method: string }> } }) =>
  rig.fake.fileRequests().filter((r) => r.method === 'POST').length

describe("a project's knowledge", () => {
  test('is uploaded once and named by file_id in every request, read from the prompt cache', async () => {
    const { rig, projects, id, plan } = await gardenRig()
    rig.fake.script(reply('The plan has two pages.'), reply('East bed.'))
    await converse(rig, 'What is in the plan?', id)
    const second = await converse(rig, 'Where are the roses?', id)
    expect(uploads(rig)).toBe(3)
    const ids = projects.get('garden')!.knowledge.map((f) => f.fileId)
    expect(ids.every((fileId) => fileId?.startsWith('file_'))).toBe(true)
    expect(projects.recorded.map((r) => r.upload.inlineReason)).toEqual([null, null, null])

    for (const index of [0, 1]) {
      const request = rig.fake.messageRequests()[index]!
      expect(request.betas).toContain(FILES_BETA)
      const first = bodyOf(rig.fake, index).messages[0]!.content
      expect(first.slice(0, 4)).toEqual([
        { type: 'document', source: { type: 'file', file_id: ids[0] }, title: 'plan.pdf' },
        { type: 'document', source: { type: 'file', file_id: ids[1] }, title: 'notes.txt' },
        { type: 'image', source: { type: 'file', file_id: ids[2] } },
        {
          type: 'text',
          text: expect.stringContaining('the knowledge of the project “Garden”'),
          cache_control: { type: 'ephemeral' }
        }
      ])
      expect(first[4]).toMatchObject({ type: 'text', text: 'What is in the plan?' })
      // The bytes are not sent again.
      expect(JSON.stringify(request.body)).not.toContain(plan.toString('base64').slice(0, 200))
    }
    // The second turn reads the knowledge (and the first turn) from the cache.
    const usage = second.end.event === 'chat:done' ? second.end.payload.usage : null
    expect(usage?.cacheReadTokens).toBeGreaterThan(0)
    expectValidRequests(rig.fake)
  })

  test('two chats starting at once upload each file once', async () => {
    const { rig, projects } = await gardenRig()
    const other = await rig.chat.createConversation({ project: 'garden' })
    const first = await rig.chat.createConversation({ project: 'garden' })
    rig.fake.script(reply('One.'), reply('Two.'))
    const ends = await Promise.all(
      [first.id, other.id].map(async (conversationId) => {
        const sent = await rig.chat.send({ conversationId, text: 'The plan?' })
        return rig.events.end(sent.turnId)
      })
    )
    expect(ends.map((e) => e.event)).toEqual(['chat:done', 'chat:done'])
    expect(uploads(rig)).toBe(3)
    expect(projects.recorded).toHaveLength(3)
  })

  test('goes inline where the API has no Files API, the reason recorded, with no second try', async () => {
    const { rig, projects, id, plan } = await gardenRig({ filesApi: false })
    rig.fake.script(reply('Two pages.'), reply('East bed.'))
    await converse(rig, 'What is in the plan?', id)
    await converse(rig, 'Where are the roses?', id)
    expect(uploads(rig)).toBe(3) // one try each, on the first request only
    const knowledge = projects.get('garden')!.knowledge
    expect(knowledge.every((f) => f.fileId === null)).toBe(true)
    expect(knowledge[0]!.inlineReason).toMatch(/has no Files API \(HTTP 404\).*every message/)
    const request = rig.fake.messageRequests()[1]!
    expect(request.betas).not.toContain(FILES_BETA)
    expect(bodyOf(rig.fake, 1).messages[0]!.content[0]).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: plan.toString('base64') },
      title: 'plan.pdf'
    })
    expectValidRequests(rig.fake)
  })

  test('a failed upload (server error, network) goes inline with its reason; Retry uploads it', async () => {
    const { rig, projects, id, plan } = await gardenRig()
    rig.fake.files.failUploads(
      { kind: 'error', status: 503 },
      { kind: 'error', status: 500, dropConnection: true }
    )
    rig.fake.script(reply('Two pages.'), reply('East bed.'))
    await converse(rig, 'What is in the plan?', id)
    const failed = projects.get('garden')!.knowledge
    expect(failed.map((f) => f.uploadFailure)).toEqual(['failed', 'failed', undefined])
    expect(failed[0]!.inlineReason).toMatch(/upload to the Files API failed \(HTTP 503/)
    expect(failed[1]!.inlineReason).toMatch(/upload to the Files API failed \(.+\)/)
    // Meanwhile the chat sends them inline: nothing of them is missing from the request.
    expect(bodyOf(rig.fake, 0).messages[0]!.content[0]).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: plan.toString('base64') },
      title: 'plan.pdf'
    })

    for (const file of failed.slice(0, 2))
      await rig.chat.retryKnowledge({ id: 'garden', hash: file.hash })
    const retried = projects.get('garden')!.knowledge
    expect(retried.every((f) => f.fileId?.startsWith('file_'))).toBe(true)
    expect(retried.map((f) => [f.inlineReason, f.uploadFailure])).toEqual([
      [null, undefined],
      [null, undefined],
      [null, undefined]
    ])
    await converse(rig, 'Where are the roses?', id)
    expect(bodyOf(rig.fake, 1).messages[0]!.content[0]).toEqual({
      type: 'document',
      source: { type: 'file', file_id: retried[0]!.fileId },
      title: 'plan.pdf'
    })
    expectValidRequests(rig.fake)
  })

  test('a file refused as too large (413) is left out, Claude told why; the chat goes on', async () => {
    const { rig, projects, id, plan } = await gardenRig()
    rig.fake.files.failUploads({
      kind: 'error',
      status: 413,
      message: 'Request entity too large'
    })
    rig.fake.script(reply('No plan here.'), reply('Still none.'))
    await converse(rig, 'What is in the plan?', id)
    const again = await converse(rig, 'And now?', id)
    expect(again.end.event).toBe('chat:done')
    const file = projects.get('garden')!.knowledge[0]!
    expect(file).toMatchObject({ fileId: null, uploadFailure: 'too-large' })
    expect(file.inlineReason).toMatch(/refused the file as too large \(HTTP 413/)
    for (const index of [0, 1]) {
      expect(bodyOf(rig.fake, index).messages[0]!.content[0]).toEqual({
        type: 'text',
        text: expect.stringMatching(/knowledge file “plan\.pdf” is not in this request.*Retry/)
      })
      expect(JSON.stringify(rig.fake.messageRequests()[index]!.body)).not.toContain(
        plan.toString('base64').slice(0, 200)
      )
    }
    expect(uploads(rig)).toBe(3) // one try each: the refused one is not tried at every message
    expectValidRequests(rig.fake)
  })

  test('failed uploads past what a request carries are left out, not every message refused', async () => {
    const projects = testProjects()
    projects.add('garden', { name: 'Garden' })
    const rig = await startRig(tempDir(), { service: { projects }, fake: { filesApi: false } })
    const big = (n: number) => Buffer.concat([pdf(1), Buffer.alloc(12e6, 0x20 + n)])
    for (const name of ['one.pdf', 'two.pdf'] as const)
      projects.addKnowledge(
        'garden',
        await rig.chat.attachments.addFile(name, big(name.length + name.charCodeAt(0)))
      )
    const { id } = await rig.chat.createConversation({ project: 'garden' })
    rig.fake.script(reply('Read one.'), reply('Still one.'))
    await converse(rig, 'Read them.', id)
    const second = await converse(rig, 'Again.', id)
    expect(second.end.event).toBe('chat:done')
    const first = bodyOf(rig.fake, 1).messages[0]!.content
    expect(first[0]).toMatchObject({ type: 'document', title: 'one.pdf' })
    expect(first[1]).toEqual({
      type: 'text',
      text: expect.stringContaining('knowledge file “two.pdf” is not in this request')
    })
  }, 60_000)

  test('a file_id the API no longer has (expired, deleted) is uploaded again, once', async () => {
    const { rig, projects, id } = await gardenRig()
    rig.fake.script(reply('Two pages.'), reply('East bed.'))
    await converse(rig, 'What is in the plan?', id)
    const before = projects.get('garden')!.knowledge.map((f) => f.fileId)
    rig.fake.files.expire(before[0]!)
    const again = await converse(rig, 'Where are the roses?', id)
    expect(again.end.event).toBe('chat:done')
    expect(uploads(rig)).toBe(4)
    const after = projects.get('garden')!.knowledge.map((f) => f.fileId)
    expect(after[0]).not.toBe(before[0])
    expect(after.slice(1)).toEqual(before.slice(1))
    const refused = rig.fake.messageRequests().filter((r) => r.rejected)
    expect(refused.map((r) => r.rejected)).toEqual([`File not found: ${before[0]}`])
  })

  test('added mid-chat on a model that binds thinking: the thinking from before is not sent back', async () => {
    const projects = testProjects()
    projects.add('garden', {
      name: 'Garden',
      defaults: { model: 'claude-sonnet-5-5', thinking: { enabled: true } }
    })
    const rig = await startRig(tempDir(), {
      service: { projects },
      fake: { models: NEWEST_MODELS },
      settings: (s) => {
        s.model = 'claude-sonnet-5-5'
      }
    })
    const { id } = await rig.chat.createConversation({ project: 'garden' })
    rig.fake.script(
      reply([thinking('First thoughts.'), text('Hello.')]),
      reply([thinking('Second thoughts.'), text('Read it.')]),
      reply([thinking('Third thoughts.'), text('Still read.')])
    )
    await converse(rig, 'Hi', id)
    projects.addKnowledge('garden', await rig.chat.attachments.addFile('plan.pdf', pdf(1)))
    await converse(rig, 'Read the plan.', id)
    await converse(rig, 'And again.', id)
    // The prompt's start changed under the first reply's thinking: it is left out from then on,
    // while the second reply's (made with the knowledge) goes back unchanged.
    const sent = (index: number) => JSON.stringify(bodyOf(rig.fake, index).messages)
    expect(sent(1)).not.toContain('First thoughts.')
    expect(sent(2)).not.toContain('First thoughts.')
    expect(sent(2)).toContain('Second thoughts.')
    expectValidRequests(rig.fake)
  })

  test('a 404 about something other than a file uploads nothing again', async () => {
    const { rig, id } = await gardenRig()
    rig.fake.script(reply('Two pages.'), {
      kind: 'error',
      status: 404,
      message: 'model: claude-sonnet-4-6'
    })
    await converse(rig, 'What is in the plan?', id)
    const failed = await converse(rig, 'Again?', id)
    expect(failed.end.event).toBe('chat:error')
    expect(uploads(rig)).toBe(3)
  })

  test("counts toward each request's limits: its pages always, its bytes where it goes inline", async () => {
    const padded = (pages: number, bytes: number) =>
      Buffer.concat([pdf(pages), Buffer.alloc(bytes, 0x20)])
    for (const filesApi of [true, false]) {
      const projects = testProjects()
      projects.add('garden', { name: 'Garden' })
      // A folder each: one rig's start would sweep the other's files (no chat names them).
      const dir = join(tempDir(), String(filesApi))
      await mkdir(dir)
      const rig = await startRig(dir, {
        service: { projects },
        fake: { filesApi }
      })
      projects.addKnowledge(
        'garden',
        await rig.chat.attachments.addFile('big.pdf', padded(80, 15e6))
      )
      const { id } = await rig.chat.createConversation({ project: 'garden' })
      rig.fake.script(reply('Read.'), reply('Fine.'))
      await converse(rig, 'Read it.', id)
      const many = (await rig.chat.attachments.addFile('more.pdf', pdf(30))).attachment
      await expect(
        rig.chat.send({ conversationId: id, text: 'And this?', attachments: [many] })
      ).rejects.toThrow(/110 PDF pages/)
      const heavy = (await rig.chat.attachments.addFile('heavy.pdf', padded(1, 9e6))).attachment
      const sending = rig.chat.send({ conversationId: id, text: 'And this?', attachments: [heavy] })
      if (filesApi) await rig.events.end((await sending).turnId)
      else await expect(sending).rejects.toThrow(/would come to .* in a request/)
    }
    // Two rigs, each sending a 15 MB PDF inline or uploading it: room on a loaded machine.
  }, 60_000)
})
