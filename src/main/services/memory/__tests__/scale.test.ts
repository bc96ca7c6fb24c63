import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { MemoryChange } from '@shared/memory/memory'
import { reconcile } from '../outside/scan'
import { MemoryIndex } from '../ledger/index-store'
import { pacer } from '../core/pace'
import type { MemoryStore } from '../store'
import { useMemory } from './helpers'

// Issue #12, item 8 (many files) and item 4 (what the walk cannot enter): the watcher's batches
// look only at the paths they name, `memory:list` comes in pages, and whole-folder work yields.

const mem = useMemory()

async function put(rel: string, text: string): Promise<void> {
  const host = join(mem.root(), rel)
  await mkdir(join(host, '..'), { recursive: true })
  await writeFile(host, text)
}

const indexOf = (store: MemoryStore) => store.ctx({ kind: 'system' }, false).index
const hashOf = (store: MemoryStore, rel: string) => indexOf(store).get(rel)?.hash

describe('applyExternal with the paths a batch named', () => {
  it('looks only at those paths: a file changed but not named stays as the index had it', async () => {
    await put('a.md', 'a1')
    await put('b.md', 'b1')
    const store = await mem.open()
    const before = hashOf(store, 'b.md')
    await put('a.md', 'a2')
    await put('b.md', 'b2')
    const change = await store.applyExternal(['a.md'])
    expect(change?.paths).toEqual(['/memories/a.md'])
    expect(hashOf(store, 'b.md')).toBe(before)
    expect((await store.applyExternal(['b.md']))?.paths).toEqual(['/memories/b.md'])
    expect(hashOf(store, 'b.md')).not.toBe(before)
  })

  it('walks a named folder, and drops a named path that is gone with all it held', async () => {
    const store = await mem.open()
    await put('trip/day1.md', 'one')
    await put('trip/inner/day2.md', 'two')
    const added = await store.applyExternal(['trip'])
    expect(added?.paths.sort()).toEqual(['/memories/trip/day1.md', '/memories/trip/inner/day2.md'])
    await rm(join(mem.root(), 'trip'), { recursive: true })
    const removed = await store.applyExternal(['trip'])
    expect(removed?.paths.sort()).toEqual([
      '/memories/trip/day1.md',
      '/memories/trip/inner/day2.md'
    ])
    expect(indexOf(store).fileCount).toBe(0)
  })

  it('looks one level into a folder named with a trailing slash (the watcher recheck)', async () => {
    await put('notes/keep.md', 'k')
    await put('notes/gone.md', 'g')
    await put('notes/deeper/x.md', 'x')
    const store = await mem.open()
    await rm(join(mem.root(), 'notes/gone.md'))
    await rm(join(mem.root(), 'notes/deeper/x.md'))
    await put('notes/new.md', 'n')
    const change = await store.applyExternal(['notes/'])
    expect(change?.paths.sort()).toEqual(['/memories/notes/gone.md', '/memories/notes/new.md'])
    // One level only: what changed deeper is for its own event.
    expect(indexOf(store).get('notes/deeper/x.md')).toBeDefined()
  })

  it('looks into the many folders a recheck names with one pass over the index, not a scan each', async () => {
    for (let n = 0; n < 12; n++) await put(`f${n}/note.md`, `note ${n}`)
    await put('f3/gone.md', 'to be deleted')
    const store = await mem.open()
    await rm(join(mem.root(), 'f3/gone.md'))
    await put('f7/new.md', 'new')
    const under = vi.spyOn(MemoryIndex.prototype, 'under')
    try {
      // The watcher's recheck names the folder of each file of a burst (100 files: 100 folders).
      const change = await store.applyExternal(Array.from({ length: 12 }, (_, n) => `f${n}/`))
      expect(change?.paths.sort()).toEqual(['/memories/f3/gone.md', '/memories/f7/new.md'])
      expect(indexOf(store).fileCount).toBe(13)
      const folderScans = under.mock.calls.filter(([folder]) => /^f\d+$/.test(folder))
      expect(folderScans).toEqual([])
    } finally {
      under.mockRestore()
    }
  })

  it('without paths, walks the whole folder as before', async () => {
    const store = await mem.open()
    await put('x/y/z.md', 'z')
    expect((await store.applyExternal())?.paths).toEqual(['/memories/x/y/z.md'])
  })
})

describe('folders the walk does not enter', () => {
  it('are reported once as a problem (activity and memory:changed), never a failure', async () => {
    const store = await mem.open()
    const changes: MemoryChange[] = []
    store.onChange((change) => changes.push(change))
    const deep = Array.from({ length: 34 }, (_, n) => `l${n}`).join('/')
    await put(`${deep}/bottom.md`, 'too deep')
    await put('shallow.md', 'fine')
    await store.applyExternal()
    await store.applyExternal()
    await store.refresh()
    const problems = changes.flatMap((change) => (change.problem ? [change.problem] : []))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^Part of the memory folder was skipped: a folder nested deeper/)
    expect(problems[0]).toContain('/memories/l0/l1/')
    expect(problems[0]).not.toContain(mem.root())
    const activity = await store.activity({ limit: 10 })
    expect(activity.entries.filter((entry) => entry.message === problems[0])).toHaveLength(1)
    expect(indexOf(store).get('shallow.md')).toBeDefined()
  })
})

describe('whole-folder work', () => {
  it('hands the event loop back while it walks and rehashes', async () => {
    for (let n = 0; n < 200; n++) await put(`f${n % 10}/n${n}.md`, `note ${n}`)
    const store = await mem.open()
    const ctx = store.ctx({ kind: 'system' }, false)
    indexOf(store).clear()
    let turns = 0
    let ticking = true
    const tick = () => {
      turns += 1
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    // A zero slice yields at every step, so other tasks get turns however fast the disk is.
    const result = await reconcile(ctx, false, new Set(), pacer(0))
    ticking = false
    expect(result.added).toHaveLength(200)
    expect(turns).toBeGreaterThan(100)
  })
})

describe('memory:list in pages', () => {
  it('pages depth-first with a cursor, a total, and no cursor on the last page', async () => {
    await put('a.md', 'a')
    await put('a/b.md', 'b')
    for (let n = 0; n < 25; n++) await put(`many/n${String(n).padStart(2, '0')}.md`, 'x')
    const store = await mem.open()
    const first = await store.list({ limit: 10 })
    expect(first.total).toBe(2 + 1 + 1 + 25)
    expect(first.entries.slice(0, 4).map((entry) => entry.path)).toEqual([
      '/memories/a',
      '/memories/a/b.md',
      '/memories/a.md',
      '/memories/many'
    ])
    const seen = [...first.entries]
    let cursor = first.nextCursor
    while (cursor) {
      const page = await store.list({ cursor, limit: 10 })
      seen.push(...page.entries)
      cursor = page.nextCursor
    }
    expect(seen.map((entry) => entry.path)).toHaveLength(29)
    expect(new Set(seen.map((entry) => entry.path)).size).toBe(29)
    expect(seen.at(-1)).toMatchObject({ path: '/memories/many/n24.md', kind: 'file', size: 1 })
    const all = await store.list({ limit: 2000 })
    expect(all.entries.map((entry) => entry.path)).toEqual(seen.map((entry) => entry.path))
    expect(all.nextCursor).toBeUndefined()
  })

  it('goes on after a cursor whose entry was deleted, and refuses an oversized page', async () => {
    for (const name of ['a.md', 'b.md', 'c.md']) await put(name, name)
    const store = await mem.open()
    const first = await store.list({ limit: 2 })
    expect(first.nextCursor).toBe('/memories/b.md')
    await rm(join(mem.root(), 'b.md'))
    const next = await store.list({ cursor: '/memories/b.md', limit: 2 })
    expect(next.entries.map((entry) => entry.path)).toEqual(['/memories/c.md'])
  })
})

describe('the index file at scale', () => {
  it('is written one file per line (still one JSON document) and read back the same way', async () => {
    for (let n = 0; n < 1_200; n++) await put(`d${n % 7}/n${n}.md`, `note ${n}`)
    const store = await mem.open()
    await store.flush()
    const text = await readFile(join(mem.stateDir(), 'memory-index.json'), 'utf8')
    const lines = text.split('\n')
    expect(lines).toHaveLength(1_202)
    expect(Object.keys((JSON.parse(text) as { files: object }).files)).toHaveLength(1_200)
    const loaded = await MemoryIndex.load(mem.stateDir(), pacer(0))
    expect(loaded.ok).toBe(true)
    expect(loaded.index.fileCount).toBe(1_200)
    expect(loaded.index.get('d3/n10.md')).toEqual(indexOf(store).get('d3/n10.md'))
    // One bad line means the index is rebuilt from the disk, as for any corrupt index.
    lines[600] = lines[600]?.replace('"size":', '"size":"x","was":') ?? ''
    await writeFile(join(mem.stateDir(), 'memory-index.json'), lines.join('\n'))
    expect((await MemoryIndex.load(mem.stateDir())).ok).toBe(false)
  })

  it('still reads an index saved as one line (before this layout)', async () => {
    await put('a.md', 'a')
    const store = await mem.open()
    const entry = indexOf(store).get('a.md')
    await store.dispose()
    const legacy = { version: 1, files: { 'a.md': entry }, expired: {} }
    await writeFile(join(mem.stateDir(), 'memory-index.json'), JSON.stringify(legacy))
    const loaded = await MemoryIndex.load(mem.stateDir())
    expect(loaded.ok).toBe(true)
    expect(loaded.index.get('a.md')).toEqual(entry)
  })
})
