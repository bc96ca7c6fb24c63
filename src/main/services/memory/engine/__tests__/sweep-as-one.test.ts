import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import type { MemoryStore } from '../..'
import { DAY, manualClock, manualTimers, runner, useMemory } from '../../__tests__/helpers'

// Issue 36: a sweep (Sweep now, or the hourly one) is one activity entry, undone as one.

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)
const NAMES = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md']

async function disk(name: string): Promise<string | null> {
  return readFile(join(mem.root(), name), 'utf8').catch(() => null)
}

async function systemEntries(): Promise<ActivityEntry[]> {
  return (await store.activity({ actor: 'system' })).entries
}

async function seed(names = NAMES): Promise<void> {
  for (const name of names)
    await ok({ command: 'create', path: `/memories/${name}`, file_text: `${name} text\n` })
}

describe('a sweep is one activity entry', () => {
  it('records a sweep of N files as one expire entry naming every path and version', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await seed()
    time.advance(DAY)
    const swept = await store.sweep()
    expect(swept.expired).toHaveLength(5)
    const entries = await systemEntries()
    expect(entries).toHaveLength(1)
    const entry = entries[0] as ActivityEntry
    expect(entry).toMatchObject({
      command: 'expire',
      actor: { kind: 'system' },
      outcome: 'ok',
      bytesBefore: NAMES.reduce((sum, name) => sum + `${name} text\n`.length, 0),
      bytesAfter: 0,
      archiveId: swept.expired[0]?.archiveId
    })
    expect([...entry.paths].sort()).toEqual(NAMES.map((n) => `/memories/${n}`))
    expect(entry.versions?.map((v) => v.path).sort()).toEqual(NAMES.map((n) => `/memories/${n}`))
    expect(entry.versions?.every((v) => v.before !== null && v.after === null)).toBe(true)
    expect(entry.message).toMatch(
      /^Expired 5 files \(created more than 1 day ago\) and archived them as /
    )
  })

  it('undoes the whole sweep at once: every file back from the archive, the archive emptied', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await seed()
    time.advance(DAY)
    await store.sweep()
    const [sweep] = await systemEntries()
    const result = await store.revert(sweep!.seq)
    expect(result).toMatchObject({ status: 'reverted', seq: sweep!.seq })
    if (result.status !== 'reverted') return
    expect([...result.paths].sort()).toEqual(NAMES.map((n) => `/memories/${n}`))
    expect(result.skipped ?? []).toEqual([])
    for (const name of NAMES) expect(await disk(name)).toBe(`${name} text\n`)
    expect(await store.listArchived()).toEqual([])
    const undo = (await store.activity({ limit: 1 })).entries[0]
    expect(undo).toMatchObject({ command: 'revert', revertOf: sweep!.seq, actor: { kind: 'user' } })
    expect(undo?.paths).toHaveLength(5)
    expect(await store.undone([sweep!.seq])).toEqual([sweep!.seq])
    // Restored files start fresh clocks: the next sweep leaves them.
    expect((await store.sweep()).expired).toEqual([])
    // The undo is itself one entry, undone as one.
    expect((await store.revert(undo!.seq)).status).toBe('reverted')
    for (const name of NAMES) expect(await disk(name)).toBeNull()
  })

  it('skips and names a file made again at its path since, never overwriting it', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await seed()
    time.advance(DAY)
    await store.sweep()
    const [sweep] = await systemEntries()
    store.updateExpiry({ mode: 'off' })
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'a new b\n' })
    // Another program makes one too.
    await writeFile(join(mem.root(), 'd.md'), 'outside d\n')
    const result = await store.revert(sweep!.seq)
    expect(result.status).toBe('reverted')
    if (result.status !== 'reverted') return
    expect([...result.paths].sort()).toEqual(['/memories/a.md', '/memories/c.md', '/memories/e.md'])
    expect(result.skipped?.map((s) => s.path).sort()).toEqual(['/memories/b.md', '/memories/d.md'])
    for (const skip of result.skipped ?? []) expect(skip.reason).toMatch(/already exists/)
    expect(await disk('b.md')).toBe('a new b\n')
    expect(await disk('d.md')).toBe('outside d\n')
    expect(await disk('a.md')).toBe('a.md text\n')
    // What was skipped stays in the archive, to restore by hand.
    expect((await store.listArchived()).map((item) => item.path).sort()).toEqual([
      '/memories/b.md',
      '/memories/d.md'
    ])
  })

  it('brings back from history what is no longer in the archive, and skips a passed expires: date', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await seed(['a.md', 'b.md'])
    await ok({
      command: 'create',
      path: '/memories/dated.md',
      file_text: '---\nexpires: 2025-06-01\n---\nold\n'
    })
    time.advance(DAY)
    const swept = await store.sweep()
    expect(swept.expired).toHaveLength(3)
    const [sweep] = await systemEntries()
    store.updateExpiry({ mode: 'off' })
    // The user restores a.md from the archive and deletes it again: only history holds it now.
    await store.restoreArchived({ archiveId: sweep!.archiveId ?? '', path: '/memories/a.md' })
    await store.delete('/memories/a.md')
    const result = await store.revert(sweep!.seq)
    if (result.status !== 'reverted') throw new Error(JSON.stringify(result))
    expect([...result.paths].sort()).toEqual(['/memories/a.md', '/memories/b.md'])
    expect(result.skipped).toEqual([
      { path: '/memories/dated.md', reason: expect.stringMatching(/expires: date .* has passed/) }
    ])
    expect(await disk('a.md')).toBe('a.md text\n')
    expect((await store.listArchived()).map((item) => item.path)).toEqual(['/memories/dated.md'])
  })

  it('records the hourly sweep as one entry too, and it is undone as one', async () => {
    const time = manualClock()
    const timers = manualTimers()
    store = await mem.open({
      clock: time.clock,
      timers: timers.timers,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await seed(['x.md', 'y.md', 'z.md'])
    time.advance(DAY)
    timers.fireIntervals()
    await store.flush() // queued behind the sweep the timer started
    const entries = await systemEntries()
    expect(entries).toHaveLength(1)
    expect(entries[0]?.paths).toHaveLength(3)
    expect(entries[0]?.message).toMatch(/^Expired 3 files/)
    store.updateExpiry({ mode: 'off' })
    const result = await store.revert(entries[0]!.seq)
    expect(result).toMatchObject({ status: 'reverted', skipped: [] })
    for (const name of ['x.md', 'y.md', 'z.md']) expect(await disk(name)).toBe(`${name} text\n`)
  })

  it('a deleting sweep is one entry too, undone from history', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'delete' }
    })
    await seed(['p.md', 'q.md'])
    time.advance(DAY)
    await store.sweep()
    const entries = await systemEntries()
    expect(entries).toHaveLength(1)
    expect(entries[0]?.message).toMatch(/^Expired 2 files \(.*\) and deleted them\.$/)
    store.updateExpiry({ mode: 'off' })
    await ok({ command: 'create', path: '/memories/q.md', file_text: 'new q\n' })
    const result = await store.revert(entries[0]!.seq)
    if (result.status !== 'reverted') throw new Error(JSON.stringify(result))
    expect(result.paths).toEqual(['/memories/p.md'])
    expect(result.skipped?.map((s) => s.path)).toEqual(['/memories/q.md'])
    expect(await disk('p.md')).toBe('p.md text\n')
    expect(await disk('q.md')).toBe('new q\n')
  })

  it('"Restore all" brings a whole archive folder back as one entry, skipping what is taken', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await seed(['a.md', 'b.md', 'c.md'])
    time.advance(DAY)
    const swept = await store.sweep()
    store.updateExpiry({ mode: 'off' })
    await ok({ command: 'create', path: '/memories/c.md', file_text: 'c again\n' })
    const archiveId = swept.expired[0]?.archiveId ?? ''
    const result = await store.restoreArchivedAll({ archiveId })
    expect([...result.paths].sort()).toEqual(['/memories/a.md', '/memories/b.md'])
    expect(result.skipped.map((s) => s.path)).toEqual(['/memories/c.md'])
    expect(await disk('a.md')).toBe('a.md text\n')
    expect(await disk('c.md')).toBe('c again\n')
    const entry = (await store.activity({ limit: 1 })).entries[0]
    expect(entry).toMatchObject({ command: 'restore', actor: { kind: 'user' } })
    expect(entry?.paths).toHaveLength(2)
    await expect(store.restoreArchivedAll({ archiveId: '../x' })).rejects.toMatchObject({
      code: 'BAD_INPUT'
    })
  })

  it('still undoes an old one-file expiry entry (written before sweeps were one entry)', async () => {
    const time = manualClock()
    const options = {
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    } as const
    store = await mem.open(options)
    await seed(['old.md'])
    time.advance(DAY)
    await store.sweep()
    const [entry] = await systemEntries()
    await store.dispose()
    // What an older Cairn wrote: one entry per file, no archive folder named on it.
    for (const file of [
      join(mem.stateDir(), 'activity.jsonl'),
      join(mem.stateDir(), 'history', 'journal.jsonl')
    ]) {
      const lines = (await readFile(file, 'utf8')).split('\n').map((line) => {
        if (!line.includes('"archiveId"')) return line
        const json = JSON.parse(line) as Record<string, unknown>
        delete json.archiveId
        return JSON.stringify(json)
      })
      await writeFile(file, lines.join('\n'))
    }
    store = await mem.open({ ...options, expiry: { mode: 'off' } })
    expect((await systemEntries())[0]).not.toHaveProperty('archiveId')
    const result = await store.revert(entry!.seq)
    expect(result).toMatchObject({ status: 'reverted', paths: ['/memories/old.md'] })
    expect(result).not.toHaveProperty('skipped')
    expect(await disk('old.md')).toBe('old.md text\n')
  })
})

describe('a sweep leaves no empty folder behind', () => {
  it('removes the folders it emptied (not the root, not a folder with anything left), and undo brings them back', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'age', days: 1, action: 'archive' }
    })
    await ok({ command: 'create', path: '/memories/old/deep/a.md', file_text: 'a\n' })
    await ok({ command: 'create', path: '/memories/kept/b.md', file_text: 'b\n' })
    time.advance(DAY)
    await ok({ command: 'create', path: '/memories/kept/new.md', file_text: 'new\n' })
    await store.sweep()
    const names = async () =>
      (await store.list({ path: '/memories' })).entries.map((e) => e.path).sort()
    expect(await names()).toEqual(['/memories/kept', '/memories/kept/new.md'])
    const [entry] = await systemEntries()
    expect((await store.revert((entry as ActivityEntry).seq)).status).toBe('reverted')
    expect(await disk('old/deep/a.md')).toBe('a\n')
    expect(await disk('kept/b.md')).toBe('b\n')
  })
})
