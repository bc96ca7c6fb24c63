import { describe, expect, it } from 'vitest'
import { ExpiryPolicySchema, SecretGuardSchema } from '@shared/app/settings'
import { MemoryLimitsSchema } from '@shared/memory/memory'
import { manualTimers } from '../../__tests__/helpers'
import type { Engine } from '../engine'
import { OutsideNotes, EXTERNAL_COALESCE_MS } from '../state/outside-notes'
import { Policy } from '../state/policy'
import { Scheduler } from '../state/scheduler'
import { SharedRun } from '../state/shared-run'

// Each piece of the engine's state has one owner that changes it through named operations; the
// rest of the engine only reads (the @ts-expect-error lines below fail typecheck if a field
// becomes assignable again).

function policy(): Policy {
  return new Policy(
    MemoryLimitsSchema.parse({}),
    ExpiryPolicySchema.parse({}),
    undefined,
    () => undefined
  )
}

describe('Policy: the one owner of caps, expiry and the secret guard', () => {
  it('applies a change to what is read next, and leaves what was read before as it was', () => {
    const owner = policy()
    const before = owner.limits
    expect(owner.setLimits({ maxFiles: 5 }).maxFiles).toBe(5)
    expect(owner.limits.maxFiles).toBe(5)
    // A context built before the change keeps the policy it started with.
    expect(before.maxFiles).toBe(MemoryLimitsSchema.parse({}).maxFiles)
  })

  it('refuses a bad patch whole, changing nothing', () => {
    const owner = policy()
    owner.setExpiry({ days: 30 })
    expect(() => owner.setLimits({ maxFiles: 0 })).toThrow(/maxFiles/)
    expect(() => owner.setExpiry({ days: 0, mode: 'age' })).toThrow(/days/)
    expect(() => owner.setSecretGuard({ mode: 'nope' as 'refuse' })).toThrow()
    expect(owner.limits).toEqual(MemoryLimitsSchema.parse({}))
    expect(owner.expiry).toMatchObject({ days: 30, mode: 'off' })
    expect(owner.secretGuard).toEqual(SecretGuardSchema.parse({}))
  })

  it('tells listeners of pins a rename moved, and keeps the old pins when the new do not fit', () => {
    const owner = policy()
    const heard: string[][] = []
    owner.onPinnedChange((pinned) => heard.push(pinned))
    expect(owner.movePins(['notes/*.md'])).toBe(true)
    expect(owner.expiry.pinned).toEqual(['notes/*.md'])
    const tooMany = Array.from({ length: 101 }, (_, i) => `f${i}.md`)
    expect(owner.movePins(tooMany)).toBe(false)
    expect(owner.expiry.pinned).toEqual(['notes/*.md'])
    expect(heard).toEqual([['notes/*.md']])
  })
})

describe('Scheduler: the one owner of the timers and the close', () => {
  it('joins flush requests into one, and runs nothing after the close', () => {
    const clock = manualTimers()
    const scheduler = new Scheduler(clock.timers, 500)
    let flushes = 0
    let sweeps = 0
    scheduler.sweepEvery(1000, () => sweeps++)
    scheduler.flushSoon(() => flushes++)
    scheduler.flushSoon(() => flushes++)
    expect(clock.timeouts.size).toBe(1)
    clock.fireTimeouts()
    clock.fireIntervals()
    expect([flushes, sweeps]).toEqual([1, 1])

    scheduler.flushSoon(() => flushes++)
    expect(scheduler.close()).toBe(true)
    expect(scheduler.close()).toBe(false)
    expect(scheduler.closed).toBe(true)
    expect([clock.timeouts.size, clock.intervals.size]).toEqual([0, 0])
    scheduler.flushSoon(() => flushes++)
    scheduler.sweepEvery(1000, () => sweeps++)
    expect([clock.timeouts.size, clock.intervals.size]).toEqual([0, 0])
  })
})

describe('OutsideNotes: what the outside was already told', () => {
  it('coalesces a repeat within the window, never one that must be logged', () => {
    const notes = new OutsideNotes()
    expect(notes.shouldLog('a', 0, false)).toBe(true)
    expect(notes.shouldLog('a', 1, false)).toBe(false)
    expect(notes.shouldLog('a', 2, true)).toBe(true)
    expect(notes.shouldLog('a', 2 + EXTERNAL_COALESCE_MS, false)).toBe(true)
  })

  it('reports skipped folders once, cleared only by a whole walk', () => {
    const notes = new OutsideNotes()
    expect(notes.skippedChanged('1 folder skipped', false)).toBe(true)
    expect(notes.skippedChanged('1 folder skipped', true)).toBe(false)
    expect(notes.skippedChanged(undefined, false)).toBe(false)
    expect(notes.skippedChanged(undefined, true)).toBe(true)
  })

  it('names a file kept out for its name once a session', () => {
    const notes = new OutsideNotes()
    const named = new Map([['key.pem', 'key.pem']])
    expect([...notes.unnotedSecretNames(named).keys()]).toEqual(['key.pem'])
    notes.noteSecretNames(['key.pem'])
    expect(notes.unnotedSecretNames(named).size).toBe(0)
  })
})

describe('SharedRun', () => {
  it('shares a run in progress and starts afresh once it settled', async () => {
    const run = new SharedRun<number>()
    let starts = 0
    const start = () => Promise.resolve(++starts)
    const [a, b] = await Promise.all([run.run(start), run.run(start)])
    expect([a, b]).toEqual([1, 1])
    expect(await run.run(start)).toBe(2)
  })
})

// Never called: typecheck proves the state cannot be assigned from outside its owner.
export function assignmentsAreTypeErrors(e: Engine, owner: Policy): void {
  // @ts-expect-error the close belongs to the scheduler
  e.closed = true
  // @ts-expect-error limits change through setLimits
  owner.limits = MemoryLimitsSchema.parse({})
  // @ts-expect-error expiry changes through setExpiry / movePins
  owner.expiry = ExpiryPolicySchema.parse({})
  // @ts-expect-error the guard changes through setSecretGuard
  owner.secretGuard = SecretGuardSchema.parse({})
  // @ts-expect-error the owners themselves are fixed
  e.policy = owner
  // @ts-expect-error the parts the store was opened with are fixed
  e.parts.limits = MemoryLimitsSchema.parse({})
}
