import { access, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { expectCairnError } from '../../../__tests__/helpers'
import { DAY, manualClock, runner, useMemory } from '../../__tests__/helpers'

// Caps that explain themselves, engine side: refusals carry which cap (for the chip), usage is
// measured against caps about to be saved, and the user's "archive to make room" goes through
// the engine (archive folder, activity, history), so it can be undone.

const mem = useMemory()
let store: MemoryStore
const { run, ok } = runner(() => store)
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false
  )

describe('a refused write says which cap refused it', () => {
  it('per-file, file-count and total caps each come back as structured facts', async () => {
    store = await mem.open({
      limits: { maxFileBytes: 1024, maxFiles: 2, maxTotalBytes: 10 * 1024 }
    })
    const big = await run({
      command: 'create',
      path: '/memories/big.md',
      file_text: 'x'.repeat(2000)
    })
    expect(big).toMatchObject({ isError: true, cap: { cap: 'file', limit: 1024, used: 2000 } })
    // The text Claude reads is the engine's own, unchanged by the structured part.
    expect(big.content).toMatch(/^Error: Cannot create \/memories\/big.md: it would be 2,000 bytes/)

    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    const third = await run({ command: 'create', path: '/memories/c.md', file_text: 'c' })
    expect(third.cap).toEqual({ cap: 'files', limit: 2, used: 2 })

    store.updateLimits({ maxFiles: 100, maxTotalBytes: 10 * 1024, maxFileBytes: 10 * 1024 })
    await writeFile(join(mem.root(), 'fill.md'), 'f'.repeat(10 * 1024 - 2))
    await store.refresh()
    const grow = await run({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'a',
      new_str: 'aaa'
    })
    expect(grow.cap).toEqual({ cap: 'total', limit: 10 * 1024, used: 10 * 1024 })
  })

  it('other errors carry no cap', async () => {
    store = await mem.open()
    const missing = await run({ command: 'delete', path: '/memories/none.md' })
    expect(missing.isError).toBe(true)
    expect(missing.cap).toBeUndefined()
  })
})

describe('capImpact', () => {
  it('measures usage against caps about to be saved, and lists the largest and least used files', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'off', days: 90, action: 'archive', pinned: ['keep.md'] }
    })
    await ok({ command: 'create', path: '/memories/old.md', file_text: 'o'.repeat(300) })
    time.advance(DAY)
    await ok({ command: 'create', path: '/memories/keep.md', file_text: 'k'.repeat(5000) })
    time.advance(DAY)
    await ok({ command: 'create', path: '/memories/new.md', file_text: 'n'.repeat(2000) })

    const now = await store.capImpact()
    expect(now).toMatchObject({ files: 3, totalBytes: 7300, overFileCap: 0 })
    expect(now.limits.maxFiles).toBe(2000)

    const tighter = await store.capImpact({ maxFileBytes: 1024, maxFiles: 2 })
    expect(tighter.limits).toEqual({
      maxFileBytes: 1024,
      maxTotalBytes: 16 * 1024 * 1024,
      maxFiles: 2
    })
    expect(tighter.overFileCap).toBe(2)
    expect(tighter.largest.map((c) => [c.path, c.size, c.pinned])).toEqual([
      ['/memories/keep.md', 5000, true],
      ['/memories/new.md', 2000, false],
      ['/memories/old.md', 300, false]
    ])
    expect(tighter.oldest.map((c) => c.path)).toEqual([
      '/memories/old.md',
      '/memories/keep.md',
      '/memories/new.md'
    ])
    // Nothing was saved: the caps in force are unchanged.
    expect((await store.usage()).limits.maxFiles).toBe(2000)
  })

  it('lists at most 100 files in each order', async () => {
    store = await mem.open()
    for (let i = 0; i < 120; i++)
      await writeFile(join(mem.root(), `f${String(i).padStart(3, '0')}.md`), 'x'.repeat(i + 1))
    await store.refresh()
    const impact = await store.capImpact()
    expect(impact.files).toBe(120)
    expect(impact.largest).toHaveLength(100)
    expect(impact.largest[0]?.path).toBe('/memories/f119.md')
    expect(impact.largest[99]?.path).toBe('/memories/f020.md')
    expect(impact.oldest).toHaveLength(100)
  })
})

describe('archive (the user makes room)', () => {
  it('moves the chosen files to the archive, usage drops, and each is logged and undoable', async () => {
    store = await mem.open({ limits: { maxTotalBytes: 10 * 1024 } })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a'.repeat(4000) })
    await ok({ command: 'create', path: '/memories/b/c.md', file_text: 'c'.repeat(3000) })
    await ok({ command: 'create', path: '/memories/d.md', file_text: 'd' })

    const done = await store.archive({ paths: ['/memories/a.md', '/memories/b/c.md'] })
    expect(done.paths).toEqual(['/memories/a.md', '/memories/b/c.md'])
    expect(done.usage).toMatchObject({ files: 1, totalBytes: 1 })
    expect(await exists(join(mem.root(), 'a.md'))).toBe(false)

    const archived = await store.listArchived()
    expect(archived.map((item) => [item.path, item.size]).sort()).toEqual([
      ['/memories/a.md', 4000],
      ['/memories/b/c.md', 3000]
    ])
    const { entries } = await store.activity({ actor: 'user' })
    const archiveEntries = entries.filter((entry) => entry.command === 'archive')
    expect(archiveEntries.map((entry) => entry.paths[0]).sort()).toEqual([
      '/memories/a.md',
      '/memories/b/c.md'
    ])
    const entry = archiveEntries.find((e) => e.paths[0] === '/memories/a.md')
    expect(entry?.versions?.[0]).toMatchObject({ path: '/memories/a.md', after: null })

    // Undo brings the text back from history.
    const undone = await store.revert(entry?.seq ?? 0)
    expect(undone.status).toBe('reverted')
    expect(await readFile(join(mem.root(), 'a.md'), 'utf8')).toBe('a'.repeat(4000))
  })

  it('refuses a path that is not a memory file, and then moves nothing', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    const error = await expectCairnError(
      store.archive({ paths: ['/memories/a.md', '/memories/none.md'] }),
      'MEMORY_NOT_FOUND'
    )
    expect(error.message).toMatch(/\/memories\/none.md does not exist/)
    expect(await exists(join(mem.root(), 'a.md'))).toBe(true)
    expect(await store.listArchived()).toEqual([])
    await expectCairnError(store.archive({ paths: ['/etc/passwd'] }), 'MEMORY_REFUSED')
  })
})
