import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '..'
import { withFrontMatterExpiry } from '../core/front-matter'
import { DAY, manualClock, runner, useMemory } from './helpers'

// Issue #13, part 5: expiry and metadata that tell the truth.

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)

const entryOf = async (path: string) => (await store.list({ path })).entries[0]

/** A file put in the folder by another program, last modified `ago` before `now`. */
async function outsideFile(rel: string, text: string, now: number, ago: number): Promise<void> {
  const full = join(mem.root(), rel)
  await mkdir(join(full, '..'), { recursive: true })
  await writeFile(full, text)
  const when = new Date(now - ago)
  await utimes(full, when, when)
}

describe('clocks of a file Cairn has never seen', () => {
  it('start from its own modification time, and its read time stays empty', async () => {
    const time = manualClock()
    await mem.mkroot()
    await outsideFile('old.md', 'old', time.now, 45 * DAY)
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'off', days: 30, action: 'archive' }
    })
    await outsideFile('later.md', 'later', time.now, 45 * DAY)
    await store.applyExternal(['later.md'])
    for (const path of ['/memories/old.md', '/memories/later.md']) {
      const entry = await entryOf(path)
      expect(entry).toMatchObject({
        created: time.now - 45 * DAY,
        modified: time.now - 45 * DAY,
        accessed: time.now - 45 * DAY
      })
      expect(entry?.read).toBeUndefined()
    }
    store.updateExpiry({ mode: 'idle' })
    expect((await store.expiryPreview(0)).map((item) => item.path)).toEqual([
      '/memories/later.md',
      '/memories/old.md'
    ])
  })
})

describe('read times', () => {
  it('change only when Claude or the user reads the file', async () => {
    const time = manualClock()
    store = await mem.open({ clock: time.clock })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    expect((await entryOf('/memories/a.md'))?.read).toBeUndefined()
    time.advance(DAY)
    await ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'a', new_str: 'b' })
    await ok({ command: 'view', path: '/memories' })
    await ok({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' })
    await writeFile(join(mem.root(), 'b.md'), 'changed outside')
    await store.applyExternal(['b.md'])
    expect((await entryOf('/memories/b.md'))?.read).toBeUndefined()
    time.advance(DAY)
    await ok({ command: 'view', path: '/memories/b.md' })
    expect((await entryOf('/memories/b.md'))?.read).toBe(time.now)
    time.advance(DAY)
    await store.read('/memories/b.md')
    expect((await entryOf('/memories/b.md'))?.read).toBe(time.now)
    // Later writes keep the last read.
    const lastRead = time.now
    time.advance(DAY)
    await store.write({ path: '/memories/b.md', content: 'new' })
    expect((await entryOf('/memories/b.md'))?.read).toBe(lastRead)
  })

  it('an index saved before read times existed still loads, with no read recorded', async () => {
    const time = manualClock()
    await mem.mkroot()
    await writeFile(join(mem.root(), 'a.md'), 'a')
    store = await mem.open({ clock: time.clock })
    await store.dispose()
    const file = join(mem.stateDir(), 'memory-index.json')
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      version: number
      files: Record<string, Record<string, unknown>>
    }
    expect(saved.version).toBe(1)
    const { read: _dropped, ...old } = {
      ...saved.files['a.md'],
      accessed: 1234,
      actor: { kind: 'user' }
    } as Record<string, unknown>
    await writeFile(file, JSON.stringify({ version: 1, files: { 'a.md': old } }))
    store = await mem.open({ clock: time.clock })
    const entry = await entryOf('/memories/a.md')
    expect(entry).toMatchObject({ accessed: 1234, lastActor: { kind: 'user' } })
    expect(entry?.read).toBeUndefined()
  })
})

describe('the idle clock', () => {
  it('is kept by a rename and reset by a change made outside the app', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    time.advance(9 * DAY)
    await store.rename({ from: '/memories/a.md', to: '/memories/moved/a.md' })
    const outside = join(mem.root(), 'b.md')
    await writeFile(outside, 'b, edited in another editor')
    await utimes(outside, new Date(time.now), new Date(time.now))
    await store.applyExternal(['b.md'])
    time.advance(DAY)
    expect((await store.sweep()).expired.map((item) => item.path)).toEqual(['/memories/moved/a.md'])
  })
})

describe('restoring from the archive', () => {
  const text = (date: string) => `---\ntitle: trip\nexpires: ${date}\n---\npack the tent\n`

  /** Archives /memories/trip.md (its own date passed) and returns its archive id. */
  async function archivedTrip(time: ReturnType<typeof manualClock>): Promise<string> {
    store = await mem.open({ clock: time.clock, expiry: { mode: 'off', days: 90 } })
    await ok({ command: 'create', path: '/memories/trip.md', file_text: text('2025-06-10') })
    await ok({ command: 'create', path: '/memories/plain.md', file_text: 'no date\n' })
    time.set(Date.parse('2025-06-11T00:00:00Z'))
    const [item] = (await store.sweep()).expired
    return item?.archiveId as string
  }

  it('lists the front-matter date of archived files', async () => {
    const time = manualClock()
    const archiveId = await archivedTrip(time)
    expect(await store.listArchived()).toEqual([
      expect.objectContaining({
        archiveId,
        path: '/memories/trip.md',
        expires: Date.parse('2025-06-10')
      })
    ])
  })

  it('will not bring a file back only to expire it again at once', async () => {
    const time = manualClock()
    const archiveId = await archivedTrip(time)
    for (const expires of [undefined, 'keep'] as const) {
      await expect(
        store.restoreArchived({ archiveId, path: '/memories/trip.md', expires })
      ).rejects.toMatchObject({
        code: 'MEMORY_REFUSED',
        message: expect.stringContaining('its own expires: date (2025-06-10) has passed')
      })
    }
    expect((await store.listArchived()).map((item) => item.path)).toEqual(['/memories/trip.md'])
  })

  it('removes the passed date on request, and the file then keeps', async () => {
    const time = manualClock()
    const archiveId = await archivedTrip(time)
    await store.restoreArchived({ archiveId, path: '/memories/trip.md', expires: 'remove' })
    expect(await readFile(join(mem.root(), 'trip.md'), 'utf8')).toBe(
      '---\ntitle: trip\n---\npack the tent\n'
    )
    expect(await store.listArchived()).toEqual([])
    expect((await store.sweep()).expired).toEqual([])
    const entry = await entryOf('/memories/trip.md')
    expect(entry).toMatchObject({ created: time.now, modified: time.now })
    expect(entry?.expiresAt).toBeUndefined()
    expect(entry?.read).toBeUndefined()
  })

  it('extends the date on request, to a day still to come', async () => {
    const time = manualClock()
    const archiveId = await archivedTrip(time)
    await expect(
      store.restoreArchived({
        archiveId,
        path: '/memories/trip.md',
        expires: 'extend',
        until: '2025-06-01'
      })
    ).rejects.toMatchObject({ code: 'MEMORY_REFUSED' })
    await store.restoreArchived({
      archiveId,
      path: '/memories/trip.md',
      expires: 'extend',
      until: '2025-07-01'
    })
    expect(await readFile(join(mem.root(), 'trip.md'), 'utf8')).toBe(text('2025-07-01'))
    expect((await entryOf('/memories/trip.md'))?.expiresAt).toBe(Date.parse('2025-07-01'))
  })

  it('keeps a date still to come, and gives a file without one fresh clocks', async () => {
    const time = manualClock()
    const archiveId = '2025-05-01T00-00-00.000Z'
    for (const [rel, body] of [
      ['later.md', text('2025-12-01')],
      ['plain.md', 'no date\n']
    ] as const) {
      await mkdir(join(mem.stateDir(), 'archive', archiveId), { recursive: true })
      await writeFile(join(mem.stateDir(), 'archive', archiveId, rel), body)
    }
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 10, action: 'archive' }
    })
    await store.restoreArchived({ archiveId, path: '/memories/later.md', expires: 'keep' })
    await store.restoreArchived({ archiveId, path: '/memories/plain.md' })
    expect(await readFile(join(mem.root(), 'later.md'), 'utf8')).toBe(text('2025-12-01'))
    expect((await entryOf('/memories/later.md'))?.expiresAt).toBe(Date.parse('2025-12-01'))
    expect(await entryOf('/memories/plain.md')).toMatchObject({
      created: time.now,
      modified: time.now,
      accessed: time.now,
      expiresAt: time.now + 10 * DAY
    })
  })
})

describe('withFrontMatterExpiry', () => {
  it('changes or removes only the expires line, and drops a block left empty', () => {
    expect(
      withFrontMatterExpiry('---\r\nexpires: 2020-01-01\r\na: 1\r\n---\r\nx', '2030-01-01')
    ).toBe('---\r\nexpires: 2030-01-01\r\na: 1\r\n---\r\nx')
    expect(withFrontMatterExpiry('---\nexpires: "2020-01-01"\n---\nbody\n', null)).toBe('body\n')
    expect(withFrontMatterExpiry('no front matter\nexpires: 2020-01-01\n', null)).toBe(
      'no front matter\nexpires: 2020-01-01\n'
    )
  })
})

describe('a rename keeps the pin', () => {
  it('rewrites the exact pattern, or adds one, and tells the settings', async () => {
    store = await mem.open({
      expiry: {
        mode: 'idle',
        days: 10,
        action: 'archive',
        pinned: ['notes/keep.md', 'projects/**', 'top.md', 'docs']
      }
    })
    const told: string[][] = []
    store.onPinnedChange((pinned) => told.push(pinned))
    for (const rel of ['notes/keep.md', 'projects/p.md', 'top.md', 'sub/top.md', 'docs/d.md'])
      await ok({ command: 'create', path: `/memories/${rel}`, file_text: rel })
    const pinned = async (path: string) => (await entryOf(path))?.pinned

    await store.rename({ from: '/memories/notes/keep.md', to: '/memories/kept.md' })
    expect(await pinned('/memories/kept.md')).toBe(true)
    expect(told.at(-1)).toEqual(['kept.md', 'projects/**', 'top.md', 'docs'])

    // Claude's moves too; a file leaving a pinned folder pattern keeps its pin by name.
    await ok({ command: 'rename', old_path: '/memories/projects/p.md', new_path: '/memories/p.md' })
    expect(await pinned('/memories/p.md')).toBe(true)
    await ok({ command: 'rename', old_path: '/memories/docs', new_path: '/memories/papers' })
    expect(await pinned('/memories/papers/d.md')).toBe(true)
    // A bare name that still pins another file stays; the moved one gets its own pattern.
    await store.rename({ from: '/memories/top.md', to: '/memories/first.md' })
    expect(await pinned('/memories/first.md')).toBe(true)
    expect(await pinned('/memories/sub/top.md')).toBe(true)
    expect(told.at(-1)).toEqual(['kept.md', 'projects/**', 'top.md', 'papers', 'p.md', 'first.md'])

    // Unpinned files stay unpinned, and nothing is said.
    const count = told.length
    await ok({ command: 'create', path: '/memories/loose.md', file_text: 'x' })
    await store.rename({ from: '/memories/loose.md', to: '/memories/free.md' })
    expect(await pinned('/memories/free.md')).toBe(false)
    expect(told).toHaveLength(count)
  })
})
