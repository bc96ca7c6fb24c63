import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { MemoryStore } from '../..'
import { MemoryIndex } from '../index-store'
import { CLAUDE, manualClock, manualTimers, runner, useMemory, USER } from '../../__tests__/helpers'

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)
const indexFile = () => join(mem.stateDir(), 'memory-index.json')
const readIndex = async () =>
  JSON.parse(await readFile(indexFile(), 'utf8')) as {
    files: Record<string, Record<string, unknown>>
  }
const sha = (text: string) => createHash('sha256').update(text).digest('hex')

describe('the index in stateDir', () => {
  it('records created, modified, accessed, size, hash and the last actor per file', async () => {
    const time = manualClock(Date.parse('2025-01-01T00:00:00Z'))
    store = await mem.open({ clock: time.clock })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'one' })
    time.advance(1000)
    await store.write({ path: '/memories/a.md', content: 'two!' })
    time.advance(1000)
    await ok({ command: 'view', path: '/memories/a.md' })
    await store.flush()
    const entry = (await readIndex()).files['a.md']
    expect(entry).toMatchObject({
      created: Date.parse('2025-01-01T00:00:00Z'),
      modified: Date.parse('2025-01-01T00:00:01Z'),
      accessed: Date.parse('2025-01-01T00:00:02Z'),
      size: 4,
      hash: sha('two!'),
      actor: USER
    })
    await ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'two', new_str: 'three' })
    await store.flush()
    expect((await readIndex()).files['a.md']).toMatchObject({
      actor: CLAUDE,
      size: 6,
      hash: sha('three!')
    })
  })

  it('is written shortly after a change (on the injected timer) and on dispose', async () => {
    const timers = manualTimers()
    store = await mem.open({ timers: timers.timers })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    expect(timers.timeouts.size).toBe(1)
    timers.fireTimeouts()
    // The save takes its picture in the queue and is written behind it (nothing else waits).
    await vi.waitFor(async () => expect(Object.keys((await readIndex()).files)).toEqual(['a.md']))
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    await store.dispose()
    expect(Object.keys((await readIndex()).files).sort()).toEqual(['a.md', 'b.md'])
  })

  it('is rebuilt from the disk when missing', async () => {
    await mkdir(join(mem.root(), 'sub'), { recursive: true })
    await writeFile(join(mem.root(), 'a.md'), 'aaa')
    await writeFile(join(mem.root(), 'sub/b.md'), 'bb')
    store = await mem.open()
    expect(await store.usage()).toMatchObject({ files: 2, totalBytes: 5 })
    await store.flush()
    const files = (await readIndex()).files
    expect(files['sub/b.md']).toMatchObject({
      size: 2,
      hash: sha('bb'),
      actor: { kind: 'external' }
    })
  })

  it('is rebuilt when corrupt or of an unknown shape', async () => {
    await mem.mkroot()
    await writeFile(join(mem.root(), 'a.md'), 'aaa')
    await mkdir(mem.stateDir(), { recursive: true })
    for (const bad of [
      '{not json',
      JSON.stringify({ version: 9, files: {} }),
      JSON.stringify({ version: 1, files: { 'a.md': { size: 'x' } } })
    ]) {
      await writeFile(indexFile(), bad)
      store = await mem.open()
      expect(await store.usage()).toMatchObject({ files: 1, totalBytes: 3 })
      await store.dispose()
      expect((await readIndex()).files['a.md']).toMatchObject({ size: 3 })
    }
  })

  it('catches up with changes made while the app was closed, and logs them as external', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/kept.md', file_text: 'k' })
    await ok({ command: 'create', path: '/memories/changed.md', file_text: 'c' })
    await ok({ command: 'create', path: '/memories/removed.md', file_text: 'r' })
    await store.dispose()
    await writeFile(join(mem.root(), 'changed.md'), 'changed outside')
    await writeFile(join(mem.root(), 'added.md'), 'new')
    await import('node:fs/promises').then((fs) => fs.rm(join(mem.root(), 'removed.md')))
    store = await mem.open()
    expect(await store.usage()).toMatchObject({ files: 3, totalBytes: 1 + 15 + 3 })
    const external = await store.activity({ actor: 'external' })
    // The catch-up is one batch: one entry naming the three files (issue 36).
    expect(external.entries.map((entry) => [[...entry.paths].sort(), entry.message])).toEqual([
      [
        ['/memories/added.md', '/memories/changed.md', '/memories/removed.md'],
        '3 files changed outside the app (1 added, 1 changed, 1 removed)'
      ]
    ])
  })

  it('serves usage without rescanning: an outside change counts after refresh()', async () => {
    store = await mem.open()
    await writeFile(join(mem.root(), 'outside.md'), 'xyz')
    expect((await store.usage()).files).toBe(0)
    await store.refresh()
    expect(await store.usage()).toMatchObject({ files: 1, totalBytes: 3 })
  })
})

describe('leftovers of a crash', () => {
  it('removes temp files in the memory folder (at any depth) and in stateDir on open', async () => {
    await mkdir(join(mem.root(), 'deep/er'), { recursive: true })
    await mkdir(mem.stateDir(), { recursive: true })
    const temp = '.cairn-01234567-89ab-cdef-0123-456789abcdef.tmp'
    await writeFile(join(mem.root(), temp), 'half')
    await writeFile(join(mem.root(), 'deep/er', temp), 'half')
    await writeFile(join(mem.root(), 'deep/keep.md'), 'keep')
    await writeFile(
      join(mem.stateDir(), '.memory-index.json.01234567-89ab-cdef-0123-456789abcdef.tmp'),
      '{'
    )
    store = await mem.open()
    expect(await readdir(mem.root())).toEqual(['deep'])
    expect(await readdir(join(mem.root(), 'deep/er'))).toEqual([])
    expect((await readdir(mem.stateDir())).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(await store.usage()).toMatchObject({ files: 1, totalBytes: 4 })
  })

  it('leaves no temp files behind after writes', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/a/b.md', file_text: 'x' })
    await ok({ command: 'str_replace', path: '/memories/a/b.md', old_str: 'x', new_str: 'y' })
    await ok({ command: 'insert', path: '/memories/a/b.md', insert_line: 0, insert_text: 'z' })
    await store.write({ path: '/memories/a/b.md', content: 'w' })
    expect(await readdir(join(mem.root(), 'a'))).toEqual(['b.md'])
  })

  it('saves a large index in pieces that read back whole, entry for entry', async () => {
    // 4,500 entries: three save pieces of 2,000 lines, and load chunks that cut across them.
    const index = new MemoryIndex()
    for (let n = 0; n < 4_500; n++) {
      const at = 1_700_000_000_000 + n
      index.set(`f${n % 7}/note-${n}.md`, {
        created: at,
        modified: at,
        accessed: at,
        size: n,
        hash: sha(String(n)),
        mtimeMs: at + 0.5,
        actor: n % 2 ? { kind: 'user' } : { kind: 'claude', conversationId: `c${n}` }
      })
    }
    await mkdir(mem.stateDir(), { recursive: true })
    await index.save(mem.stateDir())
    const text = await readFile(indexFile(), 'utf8')
    // One file per line between the head and the tail, and one JSON document: the same one.
    expect(text.split('\n')).toHaveLength(4_502)
    expect(JSON.parse(text).files).toEqual(JSON.parse(index.serialize()).files)
    const loaded = await MemoryIndex.load(mem.stateDir())
    expect(loaded.ok).toBe(true)
    expect([...loaded.index.entries()]).toEqual([...index.entries()])
  })
})

describe('MemoryIndex.overCapFiles', () => {
  const entry = (size: number) => ({
    created: 0,
    modified: 0,
    accessed: 0,
    size,
    hash: 'h',
    mtimeMs: 0,
    actor: { kind: 'external' as const }
  })
  it('follows every change to the entries, and counts again for a new cap', () => {
    const index = new MemoryIndex()
    index.set('a.md', entry(5))
    index.set('big.md', entry(50))
    expect(index.overCapFiles(10)).toEqual(['big.md'])
    index.set('a.md', entry(20))
    index.set('big.md', entry(1))
    index.set('c.md', entry(11))
    expect(index.overCapFiles(10).sort()).toEqual(['a.md', 'c.md'])
    index.moveUnder('c.md', 'd.md')
    index.delete('a.md')
    expect(index.overCapFiles(10)).toEqual(['d.md'])
    expect(index.overCapFiles(0).sort()).toEqual(['big.md', 'd.md'])
    index.clear()
    expect(index.overCapFiles(0)).toEqual([])
  })
})

describe('MemoryIndex.load with the per-file cap', () => {
  it('knows the over-cap files as loaded: the first usage after an open walks no entry', async () => {
    store = await mem.open({ limits: { maxFileBytes: 1024 } })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'short' })
    await writeFile(join(mem.root(), 'big.md'), 'x'.repeat(2000))
    await store.refresh()
    await store.dispose()
    const { index, ok: loaded } = await MemoryIndex.load(mem.stateDir(), undefined, 1024)
    expect(loaded).toBe(true)
    // A walk of the entries would iterate the index's Map: none may happen for the known cap.
    const walks = vi.spyOn(Map.prototype, Symbol.iterator as unknown as 'entries')
    try {
      expect(index.overCapFiles(1024)).toEqual(['big.md'])
      expect(walks).not.toHaveBeenCalled()
    } finally {
      walks.mockRestore()
    }
  })
})

describe('MemoryIndex.isFileUnder', () => {
  const entry = {
    created: 0,
    modified: 0,
    accessed: 0,
    size: 1,
    hash: 'h',
    mtimeMs: 0,
    actor: { kind: 'external' as const }
  }
  const scan = (index: MemoryIndex, folder: string) =>
    [...index.entries()].some(
      ([rel]) => folder === '' || rel === folder || rel.startsWith(`${folder}/`)
    )

  it('agrees with a walk of every key through 2,000 random sets, deletes, moves and clears', () => {
    let state = 7
    const random = (n: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0
      return state % n
    }
    const names = ['a', 'b', 'ab', 'a.md', 'b/c']
    const pathOf = () =>
      Array.from({ length: 1 + random(3) }, () => names[random(names.length)]).join('/')
    const index = new MemoryIndex()
    for (let step = 0; step < 2000; step++) {
      const roll = random(20)
      if (roll < 10) index.set(pathOf(), entry)
      else if (roll < 15) index.delete(pathOf())
      else if (roll < 19) index.moveUnder(pathOf(), pathOf())
      else if (random(5) === 0) index.clear()
      const folder = random(4) === 0 ? '' : pathOf()
      expect(index.isFileUnder(folder), `${step}: ${folder}`).toBe(scan(index, folder))
    }
  })

  it('walks the keys once, not once per question (a create asks it for each new name)', () => {
    const index = new MemoryIndex()
    for (let n = 0; n < 100; n++) index.set(`notes/n${n}.md`, entry)
    const walks = vi.spyOn(Map.prototype, 'keys')
    try {
      expect(index.isFileUnder('notes')).toBe(true)
      const first = walks.mock.calls.length
      expect(index.isFileUnder('other')).toBe(false)
      index.set('other/x.md', entry)
      expect(index.isFileUnder('other')).toBe(true)
      index.delete('other/x.md')
      expect(index.isFileUnder('other')).toBe(false)
      expect(walks.mock.calls.length).toBe(first)
    } finally {
      walks.mockRestore()
    }
  })
})
