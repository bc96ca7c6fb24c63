import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runner } from '../../__tests__/helpers'
import type { MemoryStore } from '../..'
import { indexOf, useWatchedMemory } from './helpers'

// Issue 36: an outside rename is one file moved (its history follows it), and a batch of outside
// changes is one activity entry, as an import or a sweep is. Real folder, real chokidar.

const mem = useWatchedMemory()
let store: MemoryStore
const claude = runner(() => store)

const files = (store: MemoryStore) =>
  [...indexOf(store).entries()].map(([rel]) => rel).sort((a, b) => a.localeCompare(b))

async function outsideEntries() {
  return (await store.activity({ actor: 'external', limit: 500 })).entries
}

describe('outside changes, a batch as one', () => {
  it('takes a rename outside the app as one file moved: one entry, history follows it, undo moves it back', async () => {
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/draft.md', file_text: 'first words' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/draft.md',
      old_str: 'first',
      new_str: 'second'
    })
    await rename(join(mem.root(), 'draft.md'), join(mem.root(), 'final.md'))
    await started.changes.until(
      () => files(store).join() === 'final.md' || undefined,
      'final.md alone in the index'
    )
    const entries = await outsideEntries()
    expect(entries).toHaveLength(1)
    const [entry] = entries
    expect(entry?.message).toBe('renamed outside the app')
    expect(entry?.paths).toEqual(['/memories/draft.md', '/memories/final.md'])
    expect(entry?.versions).toEqual([
      expect.objectContaining({ path: '/memories/final.md', from: '/memories/draft.md' })
    ])
    // One file: final.md's history goes on back through draft.md's edit and creation.
    const versions = await store.history('/memories/final.md')
    expect(versions.map((v) => [v.command, v.path])).toEqual([
      ['external', '/memories/final.md'],
      ['str_replace', '/memories/draft.md'],
      ['create', '/memories/draft.md']
    ])
    // Undo moves it back under its old name, as the undo of Cairn's own rename does.
    const undone = await store.revert(entry?.seq as number)
    expect(undone.status).toBe('reverted')
    expect(existsSync(join(mem.root(), 'draft.md'))).toBe(true)
    expect(existsSync(join(mem.root(), 'final.md'))).toBe(false)
    expect((await store.read('/memories/draft.md')).content).toBe('second words')
  })

  it('makes 100 files written outside the app one activity entry naming all 100; its Undo goes file by file', async () => {
    const started = await mem.start()
    store = started.store
    // Written elsewhere, then moved in at once: the watcher sees them in one batch.
    const source = join(mem.temp(), 'export')
    await mkdir(source)
    for (let i = 1; i <= 100; i++) await writeFile(join(source, `n${i}.md`), `note ${i}`)
    await rename(source, join(mem.root(), 'notes'))
    await started.changes.until(
      () => files(store).length === 100 || undefined,
      'all 100 files in the index'
    )
    const entries = await outsideEntries()
    expect(entries).toHaveLength(1)
    const [entry] = entries
    expect(entry?.message).toBe('100 files changed outside the app (100 added)')
    expect(new Set(entry?.paths)).toEqual(
      new Set(Array.from({ length: 100 }, (_, i) => `/memories/notes/n${i + 1}.md`))
    )
    expect(entry?.versions).toHaveLength(100)

    // Undo as each outside change offered alone: what is still as the batch left it goes; a file
    // edited since stays, named with why.
    await claude.ok({
      command: 'str_replace',
      path: '/memories/notes/n7.md',
      old_str: 'note 7',
      new_str: 'note seven'
    })
    const undone = await store.revert(entry?.seq as number)
    if (undone.status !== 'reverted') throw new Error(`expected reverted, got ${undone.status}`)
    expect(undone.paths).toHaveLength(99)
    expect(undone.skipped).toEqual([
      expect.objectContaining({
        path: '/memories/notes/n7.md',
        reason: expect.stringMatching(/changed since entry .*; it was left as it is\.$/)
      })
    ])
    expect(files(store)).toEqual(['notes/n7.md'])
  })

  it('pairs a rename with history off too (the activity says renamed, not removed and added)', async () => {
    const started = await mem.start({ history: false })
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/a.md', file_text: 'same bytes' })
    await rename(join(mem.root(), 'a.md'), join(mem.root(), 'b.md'))
    await started.changes.until(
      () => files(store).join() === 'b.md' || undefined,
      'b.md alone in the index'
    )
    const entries = await outsideEntries()
    expect(entries.map((item) => [item.message, item.paths])).toEqual([
      ['renamed outside the app', ['/memories/a.md', '/memories/b.md']]
    ])
  })
})
