import { describe, expect, test } from 'vitest'
import { FILES_BETA, reply } from '../../../../../e2e/fake-anthropic'
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
})
