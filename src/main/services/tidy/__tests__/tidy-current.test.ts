import { expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { gate, heldTidyReplies } from '../../../../../e2e/fake-anthropic'
import { useTidyRig } from './rig'

// Main holds a tidy's state, so a window that reloads (or opens Memory again) asks where the
// space's tidy is: still running, or its proposal waiting for review.

const space = DEFAULT_SPACE_ID
const rig = useTidyRig()

it('answers the running tidy, then its waiting proposal, then none once applied', async () => {
  const r = await rig()
  expect(await r.tidy.current({ space })).toBeNull()
  const held = gate()
  r.fake.script(...heldTidyReplies(held))
  const { sessionId } = await r.tidy.start({ space })
  // Held after two changes: what a reloaded window is told.
  await expect
    .poll(() => r.tidy.current({ space }))
    .toMatchObject({ sessionId, stage: 'working', changes: 2 })
  expect(await r.tidy.current({ space: 'other' })).toBeNull()
  held.release()
  await r.settled(sessionId)
  expect(await r.tidy.current({ space })).toMatchObject({ sessionId, stage: 'ready', changes: 4 })
  await r.tidy.apply({ space, sessionId, accept: [1] })
  expect(await r.tidy.current({ space })).toBeNull()
})

it('answers none after the tidy was cancelled', async () => {
  const r = await rig()
  const held = gate()
  r.fake.script(...heldTidyReplies(held))
  const { sessionId } = await r.tidy.start({ space })
  await expect.poll(() => r.tidy.current({ space })).toMatchObject({ stage: 'working' })
  await r.tidy.cancel({ space, sessionId })
  expect(await r.tidy.current({ space })).toBeNull()
  held.release()
})

it('answers none after the tidy failed (the dialog said why when it happened)', async () => {
  const r = await rig()
  r.fake.script({ kind: 'error', status: 500 })
  const { sessionId } = await r.tidy.start({ space })
  expect(await r.settled(sessionId)).toMatchObject({ stage: 'failed' })
  expect(await r.tidy.current({ space })).toBeNull()
})
