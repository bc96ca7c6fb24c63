import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { DAY, manualClock, runner, useMemory } from '../../__tests__/helpers'

// Settings asks what a policy not saved yet would expire; "Sweep now" expires only what the user
// was shown and confirmed.

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)
const exists = mem.exists

describe('expiry preview of a draft policy', () => {
  it('answers for the draft, not the saved policy (which is off)', async () => {
    const time = manualClock()
    store = await mem.open({ clock: time.clock, expiry: { mode: 'off' } })
    await ok({ command: 'create', path: '/memories/old.md', file_text: 'o' })
    time.advance(200 * DAY)
    await ok({ command: 'create', path: '/memories/new.md', file_text: 'n' })
    expect(await store.expiryPreview(0)).toEqual([])
    const draft = await store.expiryPreview(0, { mode: 'idle', days: 30, action: 'delete' })
    expect(draft.map((item) => [item.path, item.reason, item.action])).toEqual([
      ['/memories/old.md', 'idle', 'delete']
    ])
    // A draft's pins count too.
    expect(
      await store.expiryPreview(0, { mode: 'idle', days: 30, action: 'delete', pinned: ['old.md'] })
    ).toEqual([])
    // Asking changed nothing.
    expect(await store.expiryPreview(0)).toEqual([])
    expect((await store.sweep()).expired).toEqual([])
  })
})

describe('sweep of a confirmed list', () => {
  it('expires only the confirmed files that are due', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'delete' }
    })
    for (const name of ['a', 'b', 'c'])
      await ok({ command: 'create', path: `/memories/${name}.md`, file_text: name })
    time.advance(11 * DAY)
    const { expired } = await store.sweep(['/memories/a.md', '/memories/c.md', '/memories/x.md'])
    expect(expired.map((item) => item.path)).toEqual(['/memories/a.md', '/memories/c.md'])
    expect(await exists('a.md')).toBe(false)
    expect(await exists('b.md')).toBe(true) // due, but not on the list the user saw
    expect((await store.sweep()).expired.map((item) => item.path)).toEqual(['/memories/b.md'])
  })
})
