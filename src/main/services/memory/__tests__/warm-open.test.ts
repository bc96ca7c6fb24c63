import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '..'
import { MemoryWatcher } from '../outside/watcher'
import { indexOf, useWatchedMemory } from '../outside/__tests__/helpers'
import { CLAUDE, runner } from './helpers'

// A warm open trusts the index the last session saved as it closed, with no walk of the folder;
// the watcher's start (its initial scan) catches up with what changed while Cairn was closed
// (issue 40: "Open in a blink"). Real folders, real chokidar.

const mem = useWatchedMemory()
let store: MemoryStore
const claude = runner(() => store)
const sha = (text: string) => createHash('sha256').update(text).digest('hex')
/** Whole seconds: an mtime `utimes` can put back exactly. */
const wholeSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000)
const HOUR_AGO = wholeSecond(Date.now() - 60 * 60 * 1000)
/** An mtime no record can be taken late enough after: the file is read again at every open. */
const HOUR_AHEAD = wholeSecond(Date.now() + 60 * 60 * 1000)

/** One session: store and watcher (the app's way: catch-up by the watcher), closed in order. */
async function session(during: () => Promise<void> = async () => undefined): Promise<void> {
  const started = await mem.start({ catchUp: 'watcher' })
  store = started.store
  await during()
  await started.watcher.dispose()
  await store.dispose()
}

async function externalPaths(): Promise<string[]> {
  const { entries } = await store.activity({ actor: 'external', limit: 500 })
  return entries.flatMap((entry) => entry.paths)
}

describe('a warm open, caught up by the watcher', () => {
  it('catches a file replaced while closed with the same size and its mtime put back (rsync -t: a new inode)', async () => {
    const file = join(await mem.mkroot(), 'a.md')
    await writeFile(file, 'alpha one\n')
    await utimes(file, HOUR_AGO, HOUR_AGO) // recorded long after its mtime: not racy
    await session()
    // What `rsync -t` does: a new file beside, renamed over, its mtime set back.
    const staging = join(mem.temp(), 'a.md.partial')
    await writeFile(staging, 'alpha two\n')
    await rename(staging, file)
    await utimes(file, HOUR_AGO, HOUR_AGO)
    const after = await stat(file)
    expect(after.mtime.getTime()).toBe(HOUR_AGO.getTime())

    const started = await mem.start({ catchUp: 'watcher' })
    store = started.store
    expect(indexOf(store).get('a.md')?.hash).toBe(sha('alpha two\n'))
    expect(await externalPaths()).toContain('/memories/a.md')
  })

  it('reads again a file whose record was taken within the racy window of its mtime', async () => {
    const file = join(await mem.mkroot(), 'b.md')
    await writeFile(file, 'racy one\n')
    const tick = wholeSecond(Date.now())
    await utimes(file, tick, tick)
    await session() // recorded within a second or two of that mtime
    const before = await stat(file)
    // Edited in place within the same timestamp tick: same inode, same size, same mtime.
    await writeFile(file, 'racy two\n')
    await utimes(file, tick, tick)
    const after = await stat(file)
    expect([after.ino, after.size, after.mtimeMs]).toEqual([
      before.ino,
      before.size,
      before.mtimeMs
    ])

    const started = await mem.start({ catchUp: 'watcher' })
    store = started.store
    expect(indexOf(store).get('b.md')?.hash).toBe(sha('racy two\n'))
    expect(await externalPaths()).toContain('/memories/b.md')
  })

  it('leaves the walk to the watcher: a file added and one deleted while closed appear and go once it starts', async () => {
    const root = await mem.mkroot()
    await mkdir(join(root, 'notes'))
    await writeFile(join(root, 'notes', 'gone.md'), 'to be deleted\n')
    await writeFile(join(root, 'kept.md'), 'kept\n')
    await session()
    await rm(join(root, 'notes', 'gone.md'))
    await writeFile(join(root, 'notes', 'new.md'), 'added while closed\n')

    store = await mem.open({ catchUp: 'watcher' })
    // The open trusted the index as it was saved: nothing on disk was looked at yet.
    expect([...indexOf(store).entries()].map(([rel]) => rel).sort()).toEqual([
      'kept.md',
      'notes/gone.md'
    ])
    const watcher = await MemoryWatcher.start({ root, memory: store })
    try {
      expect([...indexOf(store).entries()].map(([rel]) => rel).sort()).toEqual([
        'kept.md',
        'notes/new.md'
      ])
      expect(await store.usage()).toMatchObject({ files: 2 })
      expect((await externalPaths()).sort()).toEqual([
        '/memories/notes/gone.md',
        '/memories/notes/new.md'
      ])
    } finally {
      await watcher.dispose()
    }
  })

  it('loses and misreports nothing Claude writes between the open and the watcher being ready', async () => {
    const root = await mem.mkroot()
    // Enough files that the watcher's scan is still going while Claude writes.
    for (let folder = 0; folder < 5; folder++) {
      await mkdir(join(root, `topic-${folder}`))
      for (let n = 0; n < 100; n++)
        await writeFile(join(root, `topic-${folder}`, `note-${n}.md`), `note ${folder}/${n}\n`)
    }
    await writeFile(join(root, 'edit.md'), 'before the edit\n')
    await writeFile(join(root, 'drop.md'), 'to be deleted by Claude\n')
    await session()

    store = await mem.open({ catchUp: 'watcher' })
    const starting = MemoryWatcher.start({ root, memory: store })
    await claude.ok({ command: 'create', path: '/memories/fresh.md', file_text: 'made now\n' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/edit.md',
      old_str: 'before',
      new_str: 'after'
    })
    await claude.ok({ command: 'delete', path: '/memories/drop.md' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/topic-4/note-99.md',
      old_str: 'note',
      new_str: 'edited by Claude:'
    })
    const watcher = await starting
    try {
      await watcher.idle()
      expect(await readFile(join(root, 'fresh.md'), 'utf8')).toBe('made now\n')
      expect(await readFile(join(root, 'edit.md'), 'utf8')).toBe('after the edit\n')
      const index = indexOf(store)
      expect(index.get('fresh.md')).toMatchObject({ hash: sha('made now\n'), actor: CLAUDE })
      expect(index.get('edit.md')).toMatchObject({ hash: sha('after the edit\n'), actor: CLAUDE })
      expect(index.get('topic-4/note-99.md')).toMatchObject({
        hash: sha('edited by Claude: 4/99\n'),
        actor: CLAUDE
      })
      expect(index.get('drop.md')).toBeUndefined()
      expect(index.fileCount).toBe(502)
      // Nothing changed outside the app: no change of Claude's comes back as an outside one.
      expect(await externalPaths()).toEqual([])
      const { entries } = await store.activity({ actor: 'claude', limit: 50 })
      expect(entries.map((entry) => entry.paths[0]).sort()).toEqual([
        '/memories/drop.md',
        '/memories/edit.md',
        '/memories/fresh.md',
        '/memories/topic-4/note-99.md'
      ])
    } finally {
      await watcher.dispose()
    }
  })

  it.each(['watcher', 'open'] as const)(
    'keeps in history what its catch-up (by the %s) finds changed, not each file it only reads again',
    async (catchUp) => {
      const root = await mem.mkroot()
      const same = join(root, 'same.md')
      const edited = join(root, 'edited.md')
      await writeFile(same, 'read again, unchanged\n')
      await writeFile(edited, 'edited while closed: one\n')
      // Never trusted (recorded before its mtime): both are read again at every open.
      for (const file of [same, edited]) await utimes(file, HOUR_AHEAD, HOUR_AHEAD)
      store = await mem.open({ history: false })
      await store.dispose()
      await writeFile(edited, 'edited while closed: two, longer\n')
      await utimes(edited, HOUR_AHEAD, HOUR_AHEAD)

      if (catchUp === 'watcher') await session()
      else await (await mem.open({ catchUp: 'open' })).dispose()

      // What history holds now (a trusted warm open reads nothing, so keeps nothing).
      store = await mem.open({ catchUp: 'watcher' })
      expect(await store.versionText(sha('edited while closed: two, longer\n'))).toBe(
        'edited while closed: two, longer\n'
      )
      // A copy of every file read again (100,000 after a move to a new disk) held up the next
      // change: it waited for all of them to be written (issue 40, the first watcher batch).
      await expect(store.versionText(sha('read again, unchanged\n'))).rejects.toMatchObject({
        code: 'MEMORY_NOT_FOUND'
      })
    }
  )

  it('reads no file again on the first open after an upgrade (an index without inodes)', async () => {
    const file = join(await mem.mkroot(), 'old.md')
    await writeFile(file, 'kept by an older version\n')
    await utimes(file, HOUR_AGO, HOUR_AGO)
    store = await mem.open({ history: false })
    await store.dispose()
    // As an older version left it: no inode, no time of the stat, no close mark.
    const indexFile = join(mem.stateDir(), 'memory-index.json')
    const saved = await readFile(indexFile, 'utf8')
    await writeFile(indexFile, saved.replace(/,"ino":\d+,"statAt":\d+/g, ''))
    await rm(join(mem.stateDir(), 'memory-index.closed'))
    expect(await readFile(indexFile, 'utf8')).not.toContain('"ino"')

    store = await mem.open() // history on: a file read again would have its bytes kept
    expect(indexOf(store).get('old.md')).toMatchObject({ ino: (await stat(file)).ino })
    await expect(store.versionText(sha('kept by an older version\n'))).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND'
    })
  })
})
