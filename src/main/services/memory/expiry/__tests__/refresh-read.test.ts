import { describe, expect, it } from 'vitest'
import type { MemoryChange, MemoryStore } from '../..'
import { DAY, manualClock, runner, useMemory } from '../../__tests__/helpers'

// A view that re-reads the file it shows after a change is not the user reading it: only an open
// resets the idle-expiry clock (the same "access" a `view` by Claude is, expiry.test.ts).

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)

async function accessedOf(path: string): Promise<number | undefined> {
  const { entries } = await store.list({ path })
  return entries[0]?.accessed
}

describe('refresh reads', () => {
  it('leave the last access unchanged; a user open moves it', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    const created = time.now
    expect(await accessedOf('/memories/a.md')).toBe(created)

    time.advance(3 * DAY)
    const refreshed = await store.read('/memories/a.md', { refresh: true })
    expect(refreshed.content).toBe('a')
    expect(await accessedOf('/memories/a.md')).toBe(created)

    time.advance(DAY)
    await store.read('/memories/a.md')
    expect(await accessedOf('/memories/a.md')).toBe(created + 4 * DAY)
  })

  it('do not keep an idle file from expiring', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/idle.md', file_text: 'i' })
    await ok({ command: 'create', path: '/memories/opened.md', file_text: 'o' })
    time.advance(9 * DAY)
    await store.read('/memories/idle.md', { refresh: true })
    await store.read('/memories/opened.md')
    time.advance(DAY)
    expect((await store.sweep()).expired.map((item) => item.path)).toEqual(['/memories/idle.md'])
  })

  it('every change event carries the activity seq, so a view knows when the log moved', async () => {
    store = await mem.open({})
    const seen: MemoryChange[] = []
    store.onChange((change) => seen.push(change))
    await ok({ command: 'create', path: '/memories/s.md', file_text: 's' })
    await ok({ command: 'create', path: '/memories/t.md', file_text: 't' })
    const seqs = seen.map((change) => change.activitySeq)
    expect(seqs).toHaveLength(2)
    expect(seqs[1]).toBe((seqs[0] ?? 0) + 1)
    const { entries } = await store.activity({ limit: 1 })
    expect(entries[0]?.seq).toBe(seqs[1])
  })
})
