import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { DAY, manualClock, manualTimers, runner, useMemory } from '../../__tests__/helpers'

const mem = useMemory()
let store: MemoryStore
const { ok, err } = runner(() => store)
const exists = mem.exists

describe('idle policy', () => {
  it('expires files not read or changed for N days; a view resets the count, a listing does not', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/read.md', file_text: 'r' })
    await ok({ command: 'create', path: '/memories/listed.md', file_text: 'l' })
    time.advance(9 * DAY)
    await ok({ command: 'view', path: '/memories/read.md' })
    await ok({ command: 'view', path: '/memories' })
    time.advance(DAY)
    const result = await store.sweep()
    expect(result.expired.map((item) => [item.path, item.reason, item.action])).toEqual([
      ['/memories/listed.md', 'idle', 'delete']
    ])
    expect(await exists('listed.md')).toBe(false)
    expect(await exists('read.md')).toBe(true)
    time.advance(8 * DAY)
    expect((await store.sweep()).expired).toEqual([])
    time.advance(DAY)
    expect((await store.sweep()).expired.map((item) => item.path)).toEqual(['/memories/read.md'])
  })

  it('counts an edit as an access', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/e.md', file_text: 'e' })
    time.advance(9 * DAY)
    await ok({ command: 'str_replace', path: '/memories/e.md', old_str: 'e', new_str: 'E' })
    time.advance(5 * DAY)
    expect((await store.sweep()).expired).toEqual([])
  })
})

describe('age policy', () => {
  it('expires files N days after creation, whatever the accesses', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 30, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    time.advance(29 * DAY)
    await ok({ command: 'view', path: '/memories/a.md' })
    expect((await store.sweep()).expired).toEqual([])
    time.advance(DAY)
    expect((await store.sweep()).expired.map((item) => item.reason)).toEqual(['age'])
    expect(await exists('a.md')).toBe(false)
  })
})

describe('off', () => {
  it('never expires by policy', async () => {
    const time = manualClock()
    store = await mem.open({ clock: time.clock, expiry: { mode: 'off' } })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    time.advance(10_000 * DAY)
    expect((await store.sweep()).expired).toEqual([])
  })
})

describe('front-matter expires', () => {
  it('expires on that date whatever the policy', async () => {
    const time = manualClock(Date.parse('2025-06-02T09:00:00Z'))
    store = await mem.open({ clock: time.clock, expiry: { mode: 'off', action: 'delete' } })
    await ok({
      command: 'create',
      path: '/memories/friday.md',
      file_text: '---\ntitle: plan\nexpires: 2025-06-06\n---\nRemember until Friday\n'
    })
    await ok({
      command: 'create',
      path: '/memories/quoted.md',
      file_text: '---\nexpires: "2025-06-03T12:00:00Z"\n---\nx'
    })
    await ok({
      command: 'create',
      path: '/memories/not-front.md',
      file_text: 'text\n---\nexpires: 2025-06-03\n---\n'
    })
    await ok({
      command: 'create',
      path: '/memories/bad-date.md',
      file_text: '---\nexpires: someday\n---\n'
    })
    time.set(Date.parse('2025-06-03T12:00:00Z'))
    expect((await store.sweep()).expired.map((item) => [item.path, item.reason])).toEqual([
      ['/memories/quoted.md', 'front-matter']
    ])
    time.set(Date.parse('2025-06-05T23:59:59Z'))
    expect((await store.sweep()).expired).toEqual([])
    time.set(Date.parse('2025-06-06T00:00:00Z'))
    expect((await store.sweep()).expired.map((item) => item.path)).toEqual(['/memories/friday.md'])
    expect((await readdir(mem.root())).sort()).toEqual(['bad-date.md', 'not-front.md'])
  })

  it('overrides an idle policy in both directions and follows edits of the date', async () => {
    const time = manualClock(Date.parse('2025-06-01T00:00:00Z'))
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 1, action: 'delete' }
    })
    await ok({
      command: 'create',
      path: '/memories/long.md',
      file_text: '---\nexpires: 2025-07-01\n---\nkeep a month'
    })
    time.advance(10 * DAY)
    expect((await store.sweep()).expired).toEqual([])
    await ok({
      command: 'str_replace',
      path: '/memories/long.md',
      old_str: '2025-07-01',
      new_str: '2025-06-05'
    })
    expect((await store.sweep()).expired.map((item) => item.path)).toEqual(['/memories/long.md'])
  })
})

describe('pinned globs', () => {
  it('never expire, by policy or front-matter', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: {
        mode: 'age',
        days: 1,
        action: 'delete',
        pinned: ['keep/**', '*.pin.md', '/memories/exact.md']
      }
    })
    const files = [
      'keep/a.md',
      'keep/deep/b.md',
      'x/y.pin.md',
      'exact.md',
      'gone.md',
      'keeper/c.md'
    ]
    for (const rel of files)
      await ok({
        command: 'create',
        path: `/memories/${rel}`,
        file_text: '---\nexpires: 2000-01-01\n---\n'
      })
    time.advance(2 * DAY)
    const expired = (await store.sweep()).expired.map((item) => item.path).sort()
    expect(expired).toEqual(['/memories/gone.md', '/memories/keeper/c.md'])
    const { entries } = await store.list()
    expect(entries.find((entry) => entry.path === '/memories/keep/a.md')?.pinned).toBe(true)
    expect(entries.find((entry) => entry.path === '/memories/keep/a.md')?.expiresAt).toBeUndefined()
  })

  it('apply live when the policy changes', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    time.advance(2 * DAY)
    // A patch changes only what it names.
    expect(store.updateExpiry({ pinned: ['a.md'] })).toEqual({
      mode: 'age',
      days: 1,
      action: 'delete',
      pinned: ['a.md']
    })
    expect((await store.sweep()).expired).toEqual([])
    store.updateExpiry({ pinned: [], mode: 'off' })
    expect((await store.sweep()).expired).toEqual([])
    expect(() => store.updateExpiry({ days: 0 })).toThrow(/days/)
  })
})

describe('archive and restore', () => {
  it('moves expired files to stateDir/archive/<timestamp>/<path>, lists them and restores them', async () => {
    const time = manualClock(Date.parse('2025-06-01T12:00:00.000Z'))
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await ok({ command: 'create', path: '/memories/projects/plan.md', file_text: 'the plan\n' })
    time.advance(DAY)
    const [item] = (await store.sweep()).expired
    expect(item).toMatchObject({
      path: '/memories/projects/plan.md',
      action: 'archive',
      archiveId: '2025-06-02T12-00-00.000Z'
    })
    expect(await exists('projects/plan.md')).toBe(false)
    const archived = join(
      mem.stateDir(),
      'archive',
      '2025-06-02T12-00-00.000Z',
      'projects',
      'plan.md'
    )
    expect(await readFile(archived, 'utf8')).toBe('the plan\n')
    expect(await store.listArchived()).toEqual([
      {
        archiveId: '2025-06-02T12-00-00.000Z',
        path: '/memories/projects/plan.md',
        size: 9,
        archivedAt: time.now
      }
    ])
    // Claude learns why the file is gone.
    expect(await err({ command: 'view', path: '/memories/projects/plan.md' })).toBe(
      'The path /memories/projects/plan.md does not exist. Please provide a valid path. It expired on 2025-06-02 (it reached the maximum age) and was archived; the user can restore it from the memory panel.'
    )
    expect(await err({ command: 'delete', path: '/memories/projects/plan.md' })).toBe(
      'Error: The path /memories/projects/plan.md does not exist. It expired on 2025-06-02 (it reached the maximum age) and was archived; the user can restore it from the memory panel.'
    )
    await store.restoreArchived({
      archiveId: '2025-06-02T12-00-00.000Z',
      path: '/memories/projects/plan.md'
    })
    expect(await readFile(join(mem.root(), 'projects/plan.md'), 'utf8')).toBe('the plan\n')
    expect(await store.listArchived()).toEqual([])
    // Restored files count as new: they do not expire again at once.
    expect((await store.sweep()).expired).toEqual([])
  })

  it('refuses to restore over an existing file, or from an archive id that is not one', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'old' })
    time.advance(DAY)
    const [item] = (await store.sweep()).expired
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'new' })
    await expect(
      store.restoreArchived({ archiveId: item?.archiveId ?? '', path: '/memories/a.md' })
    ).rejects.toMatchObject({
      code: 'MEMORY_EXISTS'
    })
    for (const archiveId of ['../..', '..', '.', '', 'x', '2025-06-02T12-00-00.000Z/..']) {
      await expect(
        store.restoreArchived({ archiveId, path: '/memories/b.md' })
      ).rejects.toMatchObject({
        code: 'BAD_INPUT'
      })
    }
    await expect(
      store.restoreArchived({ archiveId: item?.archiveId ?? '', path: '/memories/../x' })
    ).rejects.toMatchObject({
      code: 'MEMORY_REFUSED'
    })
    expect(await readFile(join(mem.root(), 'a.md'), 'utf8')).toBe('new')
  })

  it('keeps two sweeps in the same millisecond apart', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    time.advance(DAY)
    await store.sweep()
    // A file already due when created (by its front-matter) expires in a sweep at the same instant.
    await ok({
      command: 'create',
      path: '/memories/a.md',
      file_text: '---\nexpires: 2000-01-01\n---\n'
    })
    await store.sweep()
    const items = await store.listArchived()
    expect(items.map((item) => item.path)).toEqual(['/memories/a.md', '/memories/a.md'])
    expect(new Set(items.map((item) => item.archiveId)).size).toBe(2)
  })
})

describe('preview', () => {
  it('lists what expires within N days, soonest first, with reason and action', async () => {
    const time = manualClock(Date.parse('2025-06-01T00:00:00Z'))
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'archive' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    time.advance(5 * DAY)
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    await ok({
      command: 'create',
      path: '/memories/c.md',
      file_text: '---\nexpires: 2025-06-07\n---\n'
    })
    expect(await store.expiryPreview(0)).toEqual([])
    expect((await store.expiryPreview(1)).map((item) => item.path)).toEqual(['/memories/c.md'])
    const in5 = await store.expiryPreview(5)
    expect(in5.map((item) => [item.path, item.reason, item.action])).toEqual([
      ['/memories/c.md', 'front-matter', 'archive'],
      ['/memories/a.md', 'idle', 'archive']
    ])
    expect(in5[1]?.expiresAt).toBe(Date.parse('2025-06-11T00:00:00Z'))
    expect((await store.expiryPreview(10)).map((item) => item.path)).toEqual([
      '/memories/c.md',
      '/memories/a.md',
      '/memories/b.md'
    ])
    // Preview changes nothing.
    expect((await readdir(mem.root())).sort()).toEqual(['a.md', 'b.md', 'c.md'])
  })
})

describe('when sweeps run', () => {
  it('sweeps on open, on the injected hourly timer, and not after dispose', async () => {
    const time = manualClock()
    const timers = manualTimers()
    store = await mem.open({
      clock: time.clock,
      timers: timers.timers,
      expiry: { mode: 'age', days: 1, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    await store.dispose()
    time.advance(DAY)
    await writeFile(join(mem.root(), 'c.md'), 'external')
    // Reopening sweeps what is due at once; files first seen now start their count now.
    store = await mem.open({
      clock: time.clock,
      timers: timers.timers,
      expiry: { mode: 'age', days: 1, action: 'delete' }
    })
    expect(await readdir(mem.root())).toEqual(['c.md'])
    expect(timers.intervals.size).toBe(1)
    time.advance(DAY)
    timers.fireIntervals()
    await store.flush() // queued behind the sweep the timer started
    expect(await readdir(mem.root())).toEqual([])
    await store.dispose()
    expect(timers.intervals.size).toBe(0)
  })

  it('logs every expiry with the system actor', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'abc' })
    time.advance(DAY)
    await store.sweep()
    const page = await store.activity({ actor: 'system' })
    expect(page.entries).toHaveLength(1)
    expect(page.entries[0]).toMatchObject({
      command: 'expire',
      actor: { kind: 'system' },
      paths: ['/memories/a.md'],
      bytesBefore: 3,
      bytesAfter: 0,
      outcome: 'ok',
      message: 'Expired (created more than 1 day ago) and deleted.'
    })
  })
})
