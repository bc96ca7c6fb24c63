import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import {
  DEFAULT_MODELS,
  MESSY_MEMORY,
  tidyBatchReply,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'
import { expectCairnError } from '../../__tests__/helpers'
import { createTidyBatches, type TidyBatches } from '../batch/desk'
import { TIDY_BATCH_FILE } from '../batch/store'
import { folderHash, useTidyRig } from './rig'

// A suggested tidy as a Message Batch (issue 39): one request with the folder's files, Claude's
// one answer planned through the overlay into the same review, nothing applied before it, the
// batch's id kept in the space's state so a restart polls it again, and a folder too large for
// one request refused with the way on.

const space = DEFAULT_SPACE_ID
const rig = useTidyRig()
const desks: TidyBatches[] = []
afterEach(async () => {
  for (const desk of desks.splice(0)) await desk.dispose()
})

/** A desk as createServices makes one, with its background timer in the test's hands. */
function deskFor(r: Awaited<ReturnType<typeof rig>>) {
  const timers: Array<() => void> = []
  const desk = createTidyBatches({
    tidy: r.tidy,
    memoryIn: () => r.store,
    client: async () => r.given.client,
    models: r.given.models,
    secretGuard: () => ({}),
    stateDirOf: () => join(r.given.temp, 'state'),
    spaces: () => [space],
    scratchRoot: join(r.given.temp, 'tidy-batch-scratch'),
    setTimer: (fn) => (timers.push(fn), timers.length),
    clearTimer: (handle) => void (timers[(handle as number) - 1] = () => undefined),
    logger: r.given.logger
  })
  desks.push(desk)
  /** Fires the background poll, as the app's timer would; resolves once it has run. */
  const fire = async () => {
    const fn = timers.splice(0).at(-1)
    if (!fn) throw new Error('no poll was scheduled')
    fn()
    await desk.poll()
  }
  return { desk, fire, stateFile: join(r.given.temp, 'state', TIDY_BATCH_FILE) }
}

const sent = (fake: FakeAnthropic) => fake.batches.list()[0]!.requests[0]!.params

describe('a tidy as a Message Batch', () => {
  it('sends one request that carries the folder’s files, at half the live price', async () => {
    const r = await rig()
    const { desk } = deskFor(r)
    const live = await r.tidy.estimate({ space })
    const batch = await r.tidy.estimate({ space, mode: 'batch' })
    expect(batch.model).toBe(live.model)
    expect(batch.fitProblem).toBeUndefined()
    expect(batch.inputCost).toBeCloseTo((batch.inputTokens * 1) / 2 / 1e6, 12)
    r.fake.batches.hold()
    const state = await desk.send({ space, focus: 'merge duplicates' })
    expect(state).toMatchObject({ status: 'waiting', model: 'claude-haiku-4-5-20251001' })
    const params = sent(r.fake) as {
      system: string
      tools: unknown[]
      messages: Array<{ content: string }>
      stream?: boolean
    }
    const asked = params.messages[0]!.content
    for (const [path, content] of Object.entries(MESSY_MEMORY)) {
      expect(asked).toContain(`<file path="/memories/${path}">`)
      expect(asked).toContain(content.trim())
    }
    expect(asked).toContain('merge duplicates')
    expect(params.system).toMatch(/one request and one answer/)
    expect(params.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
    expect(params.stream).toBeUndefined()
    // The estimate counted the very request the batch sent.
    const counted = r.fake.requests.filter((q) => q.path === '/v1/messages/count_tokens')
    expect(JSON.stringify(counted.at(-1)!.body)).toContain('one request and one answer')
  })

  it('plans Claude’s one answer through the overlay into the review; nothing is applied before it', async () => {
    const r = await rig()
    const { desk, stateFile } = deskFor(r)
    const before = await folderHash(r.root)
    const activity = (await r.store.activity()).entries.length
    r.fake.script(tidyBatchReply())
    await desk.send({ space })
    await desk.poll()
    expect(await desk.batch({ space })).toMatchObject({
      status: 'ready',
      text: expect.stringMatching(/^Tidy ready for review/)
    })
    const { sessionId } = await desk.review({ space })
    const proposal = await r.tidy.proposal({ space, sessionId })
    // The edit of the renamed file composed with the rename: the overlay planned all four.
    expect(proposal.changes.map((c) => [c.command, c.path, c.reason])).toEqual([
      ['str_replace', '/memories/contacts.md', 'Use the newer address.'],
      ['delete', '/memories/people.md', 'people.md only repeats what contacts.md now holds.'],
      ['rename', '/memories/notes.md', 'notes.md holds work notes; the name should say so.'],
      ['str_replace', '/memories/work/projects.md', 'The 2024 party is long past.']
    ])
    expect(proposal.summary).toMatch(/^Merged the two addresses/)
    // Nothing on disk moved and nothing was logged: every command was only planned.
    expect(await folderHash(r.root)).toBe(before)
    expect((await r.store.activity()).entries.length).toBe(activity)
    // Reviewed, the accepted subset applies as one entry, and the batch is done with.
    const result = await r.tidy.apply({ space, sessionId, accept: [1, 2] })
    expect(result.applied).toEqual([1, 2])
    expect(await readFile(join(r.root, 'contacts.md'), 'utf8')).toContain('5 New Street')
    expect(existsSync(join(r.root, 'notes.md'))).toBe(true)
    expect(await desk.batch({ space })).toBeNull()
    expect(existsSync(stateFile)).toBe(false)
  })

  it('a batch sent before a restart is polled after it, and reviewed', async () => {
    const r = await rig()
    const first = deskFor(r)
    r.fake.batches.hold()
    const { batchId } = await first.desk.send({ space })
    expect(JSON.parse(await readFile(first.stateFile, 'utf8'))).toMatchObject({
      batchId,
      status: 'waiting'
    })
    await first.desk.dispose()
    // The app starts again: the new desk knows the batch from the space's state and asks at once.
    const second = deskFor(r)
    const polled = () =>
      r.fake.requests.filter((q) => q.method === 'GET' && q.path.endsWith(batchId)).length
    await second.desk.start()
    await second.desk.poll()
    expect(polled()).toBe(1)
    expect(await second.desk.batch({ space })).toMatchObject({ batchId, status: 'waiting' })
    r.fake.script(tidyBatchReply())
    r.fake.batches.end('answered')
    await second.fire()
    expect(await second.desk.batch({ space })).toMatchObject({ batchId, status: 'ready' })
    const { sessionId } = await second.desk.review({ space })
    expect((await r.tidy.proposal({ space, sessionId })).changes).toHaveLength(4)
  })

  it('a folder too large for one request is refused with the way on, and nothing is sent', async () => {
    const r = await rig()
    const { desk } = deskFor(r)
    r.fake.setModels(DEFAULT_MODELS.map((m) => ({ ...m, max_input_tokens: 100 })))
    const estimate = await r.tidy.estimate({ space, mode: 'batch' })
    expect(estimate.fitProblem).toMatch(
      /^This memory is too large for one request to Claude Haiku 4.5: about [\d,]+ input tokens, and it takes at most 100. Choose Now to run a live tidy/
    )
    const error = await expectCairnError(desk.send({ space }), 'TIDY_REFUSED')
    expect(error.message).toContain(estimate.fitProblem)
    expect(r.fake.batches.list()).toEqual([])
    expect(await desk.batch({ space })).toBeNull()
  })

  it('an expired or errored batch says so, with a live tidy as the next step', async () => {
    const r = await rig()
    const { desk, fire } = deskFor(r)
    r.fake.batches.hold()
    await desk.send({ space })
    r.fake.batches.end('expired')
    await fire()
    expect(await desk.batch({ space })).toMatchObject({
      status: 'failed',
      text: 'The tidy batch expired before Claude answered. Nothing changed; Tidy… runs it live instead.'
    })
    await expectCairnError(desk.review({ space }), 'TIDY_REFUSED')
    // A failed batch gives way to a new one.
    await desk.send({ space })
    r.fake.batches.end('errored')
    await fire()
    expect((await desk.batch({ space }))?.text).toMatch(
      /^The tidy batch failed \(Internal server error\)\. Nothing changed; Tidy… runs it live/
    )
    expect(await desk.clear({ space })).toEqual({ cleared: true })
    expect(await desk.batch({ space })).toBeNull()
  })
})
