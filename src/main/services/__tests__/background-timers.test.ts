import { describe, expect, it } from 'vitest'
import { heldTimers, retryWait } from '../background-timers'

describe('held background timers (the e2e harness)', () => {
  it('fire nothing until the test fires a job, then only that job; a repeating one stays', () => {
    const timers = heldTimers()
    const ran: string[] = []
    timers.after('update-check', 10_000, () => ran.push('check'))
    timers.every('memory-sweep', 3_600_000, () => ran.push('sweep'))
    const retry = timers.after('sync-retry', 5_000, () => ran.push('retry'))
    timers.cancel(retry)
    expect(timers.pending()).toEqual(['update-check', 'memory-sweep'])

    expect(timers.fire('update-check')).toBe(1)
    expect(timers.fire('update-check')).toBe(0)
    expect(timers.fire('memory-sweep')).toBe(1)
    expect(timers.fire('memory-sweep')).toBe(1)
    expect(timers.fire('sync-retry')).toBe(0)
    expect(ran).toEqual(['check', 'sweep', 'sweep'])
    expect(timers.pending()).toEqual(['memory-sweep'])
  })

  it('run the jobs named on the clock as the app does, and cancel them', async () => {
    const timers = heldTimers({ onClock: ['sync-round'] })
    const ran: string[] = []
    await new Promise<void>((resolve) => {
      timers.after('sync-round', 0, () => {
        ran.push('round')
        resolve()
      })
    })
    const cancelled = timers.after('sync-round', 0, () => ran.push('cancelled'))
    timers.cancel(cancelled)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(ran).toEqual(['round'])
    expect(timers.pending()).toEqual([])
  })

  it('hold a job that ran on the clock from then on', () => {
    const timers = heldTimers({ onClock: ['chat-retry'] })
    timers.hold('chat-retry')
    const ran: string[] = []
    timers.after('chat-retry', 0, () => ran.push('retry'))
    expect(timers.pending()).toEqual(['chat-retry'])
    timers.fire('chat-retry')
    expect(ran).toEqual(['retry'])
  })
})

describe("the chat's retry wait on these timers", () => {
  it('ends when its timer fires, or at once when Stop aborts it (and its timer goes)', async () => {
    const timers = heldTimers()
    const wait = retryWait(timers)
    const fired = wait(1000, new AbortController().signal)
    expect(timers.pending()).toEqual(['chat-retry'])
    timers.fire('chat-retry')
    await fired

    const stop = new AbortController()
    const stopped = wait(1000, stop.signal)
    stop.abort()
    await stopped
    expect(timers.pending()).toEqual([])
    await wait(1000, stop.signal) // already stopped: no timer at all
    expect(timers.pending()).toEqual([])
  })
})
