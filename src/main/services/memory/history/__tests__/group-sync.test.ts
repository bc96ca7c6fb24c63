import { describe, expect, it } from 'vitest'
import { GroupSync } from '../group-sync'

/** A sync the test lets finish; counts how many ran. */
function gate() {
  const runs: Array<() => void> = []
  let fail: unknown
  return {
    sync: () =>
      new Promise<void>((resolve, reject) => runs.push(() => (fail ? reject(fail) : resolve()))),
    runs,
    failNext(error: unknown) {
      fail = error
    },
    async finish(): Promise<void> {
      // Let queued continuations reach the sync before it is released.
      for (let i = 0; i < 5 && runs.length === 0; i++) await Promise.resolve()
      runs.shift()?.()
      for (let i = 0; i < 5; i++) await Promise.resolve()
    }
  }
}

const state = (promise: Promise<unknown>) => {
  let now = 'pending'
  promise.then(
    () => (now = 'done'),
    () => (now = 'failed')
  )
  return () => now
}

describe('GroupSync: one fdatasync for the versions of one command', () => {
  it('a version read waits for the next sync asked for, and shares it', async () => {
    const disk = gate()
    const group = new GroupSync(disk.sync)
    const before = state(group.durable(group.appendedOne(), true))
    await disk.finish()
    expect(disk.runs.length).toBe(0)
    expect(before()).toBe('pending')
    const after = state(group.durable(group.appendedOne(), false))
    await disk.finish()
    expect([before(), after()]).toEqual(['done', 'done'])
    expect(disk.runs.length).toBe(0)
  })

  it('one flush makes every lazy version waiting durable, with one sync', async () => {
    const disk = gate()
    const group = new GroupSync(disk.sync)
    const waiting = Array.from({ length: 5 }, () => state(group.durable(group.appendedOne(), true)))
    const flushed = state(group.flush())
    await disk.finish()
    expect([...waiting.map((one) => one()), flushed()]).toEqual(Array(6).fill('done'))
    expect(disk.runs.length).toBe(0)
  })

  it('a failed sync fails the versions it was to make durable', async () => {
    const disk = gate()
    const group = new GroupSync(disk.sync)
    const lazy = state(group.durable(group.appendedOne(), true))
    disk.failNext(new Error('EIO'))
    const eager = state(group.durable(group.appendedOne(), false))
    await disk.finish()
    expect([lazy(), eager()]).toEqual(['failed', 'failed'])
  })
})
