import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLAUDE, runner } from '../../__tests__/helpers'
import type { MemoryStore } from '../..'
import { MemoryWatcher, type WatcherProblem } from '../watcher'
import { hasPath, indexOf, useWatchedMemory } from './helpers'

const mem = useWatchedMemory()
let store: MemoryStore
const claude = runner(() => store)

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

async function externalEntries(path: string) {
  const page = await store.activity({ path, actor: 'external', limit: 500 })
  return page.entries
}

describe('the memory watcher', () => {
  it('puts a file added outside the app into the index with size, hash, time and usage', async () => {
    const started = await mem.start()
    store = started.store
    await writeFile(join(mem.root(), 'note.md'), 'from my editor')
    const change = await started.changes.waitFor(hasPath('/memories/note.md'))
    expect(change.actor).toEqual({ kind: 'external' })
    expect(change.usage).toMatchObject({ files: 1, totalBytes: 14 })
    const {
      entries: [entry]
    } = await store.list({ path: '/memories/note.md' })
    expect(entry).toMatchObject({ size: 14, lastActor: { kind: 'external' } })
    expect(entry?.modified).toBeTypeOf('number')
    expect((await store.read('/memories/note.md')).hash).toBe(sha('from my editor'))
    const logged = await externalEntries('/memories/note.md')
    expect(logged.map((item) => item.message)).toEqual(['added outside the app'])
  })

  it("never reports Cairn's own writes (or its temp files) as external", async () => {
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/mine.md', file_text: 'by Claude' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/mine.md',
      old_str: 'Claude',
      new_str: 'Claude again'
    })
    await writeFile(join(mem.root(), '.cairn-00000000-0000-4000-8000-000000000000.tmp'), 'x')
    // A later outside edit as a marker: events arrive in order, so once it is seen the earlier
    // writes have been through the watcher too.
    await writeFile(join(mem.root(), 'marker.md'), 'm')
    await started.changes.waitFor(hasPath('/memories/marker.md'))
    await started.watcher.idle()
    const externalPaths = started.changes.external().flatMap((change) => change.paths)
    expect(externalPaths).not.toContain('/memories/mine.md')
    expect(externalPaths.some((path) => path.includes('.cairn-'))).toBe(false)
    expect(await externalEntries('/memories/mine.md')).toEqual([])
    expect((await store.usage()).files).toBe(2)
  })

  it("follows an editor's atomic save (write a temp file, rename it over the note)", async () => {
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/note.md', file_text: 'old text' })
    const temp = join(mem.root(), '.note.md.swp')
    await writeFile(temp, 'new text, saved by vim')
    await rename(temp, join(mem.root(), 'note.md'))
    await started.changes.until(
      () => indexOf(store).get('note.md')?.hash === sha('new text, saved by vim'),
      'the saved note in the index'
    )
    expect(indexOf(store).get('note.md')?.actor).toEqual({ kind: 'external' })
    expect((await store.read('/memories/note.md')).content).toBe('new text, saved by vim')
    await started.changes.until(
      () => [...indexOf(store).entries()].every(([rel]) => !rel.endsWith('.swp')),
      'the temp file gone from the index'
    )
    const messages = (await externalEntries('/memories/note.md')).map((item) => item.message)
    expect(messages).toContain('changed outside the app')
  })

  it('sees a file deleted and recreated with new content', async () => {
    const started = await mem.start()
    store = started.store
    const file = join(mem.root(), 'a.md')
    await writeFile(file, 'first')
    await started.changes.waitFor(hasPath('/memories/a.md'))
    await unlink(file)
    await writeFile(file, 'second version')
    await started.changes.until(
      () => indexOf(store).get('a.md')?.hash === sha('second version'),
      'the recreated file in the index'
    )
    expect((await store.read('/memories/a.md')).hash).toBe(sha('second version'))
    expect((await store.usage()).totalBytes).toBe(14)
  })

  it('moves the index entries of a folder renamed outside the app', async () => {
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/old/a.md', file_text: 'aa' })
    await claude.ok({ command: 'create', path: '/memories/old/deep/b.md', file_text: 'bbb' })
    await rename(join(mem.root(), 'old'), join(mem.root(), 'new'))
    const change = await started.changes.until(() => {
      const paths = [...indexOf(store).entries()].map(([rel]) => rel).sort()
      return paths.join() === 'new/a.md,new/deep/b.md' ? paths : undefined
    }, 'the renamed folder in the index')
    expect(change).toHaveLength(2)
    expect(await store.usage()).toMatchObject({ files: 2, totalBytes: 5 })
    // Moved files are paired as renames when the folder's two events meet in one batch
    // (batch-as-one.test.ts), else the old paths are removed: either way one entry names it.
    const removed = await externalEntries('/memories/old/a.md')
    expect(removed.map((item) => item.message)).toEqual([
      expect.stringMatching(/^(removed outside the app|\d+ files changed outside the app \(.*\))$/)
    ])
  })

  it('coalesces 1,000 files appearing at once into a few batched updates', async () => {
    const started = await mem.start()
    store = started.store
    const source = join(mem.temp(), 'checkout')
    await mkdir(join(source, 'notes'), { recursive: true })
    for (let i = 0; i < 1000; i++) await writeFile(join(source, 'notes', `n${i}.md`), `note ${i}`)
    await cp(source, mem.root(), { recursive: true })
    const last = await started.changes.waitFor(
      (change) => change.usage?.files === 1000,
      'all 1,000 files in the usage'
    )
    expect(last.usage?.totalBytes).toBe(
      Array.from({ length: 1000 }, (_, i) => `note ${i}`.length).reduce((a, b) => a + b)
    )
    // At most ~10 batches a second, whatever the copy's speed: far fewer updates than files.
    const batches = started.changes.external()
    expect(batches.length).toBeLessThanOrEqual(100)
    expect(new Set(batches.flatMap((change) => change.paths)).size).toBe(1000)
  })

  it('recreates the memory folder when it is deleted, and reports it', async () => {
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/a.md', file_text: 'aaa' })
    await claude.ok({ command: 'create', path: '/memories/sub/b.md', file_text: 'b' })
    await rm(mem.root(), { recursive: true, force: true })
    const problem = await started.changes.until(
      () => started.problems.find((item) => item.kind === 'root-recreated'),
      'the root-recreated report'
    )
    expect(problem.message).toMatch(/created again/)
    const reported = await started.changes.waitFor((change) => change.problem !== undefined)
    expect(reported.problem).toMatch(/created again/)
    const logged = (await store.activity({ actor: 'external' })).entries
    expect(logged.filter((entry) => entry.outcome === 'error')).toMatchObject([
      { paths: ['/memories'], message: reported.problem }
    ])
    await started.changes.waitFor((change) => change.usage?.files === 0, 'an empty usage')
    expect(existsSync(mem.root())).toBe(true)
    // The folder works again: outside edits and Claude's writes both land.
    await writeFile(join(mem.root(), 'after.md'), 'back')
    await started.changes.waitFor(hasPath('/memories/after.md'))
    await claude.ok({ command: 'create', path: '/memories/claude.md', file_text: 'ok' })
    expect((await store.usage()).files).toBe(2)
  })

  it('names the paths a batch touched, then looks again at them and one level into their folders', async () => {
    const calls: Array<string[] | 'all'> = []
    const root = await mem.mkroot()
    await mkdir(join(root, 'trip'))
    const watcher = await MemoryWatcher.start({
      root,
      settleMs: 1,
      minIntervalMs: 5,
      recheckMs: 20,
      memory: {
        async applyExternal(touched) {
          calls.push(touched ? [...touched].sort() : 'all')
          return undefined
        }
      }
    })
    try {
      await writeFile(join(root, 'trip', 'day1.md'), 'one')
      // A new file brings its folder along (the other half of a rename there); the recheck
      // after the burst looks at both again.
      await waitFor(() => calls.length >= 2)
      expect(calls[0]).toEqual(['trip/', 'trip/day1.md'])
      expect(calls.at(-1)).toEqual(['trip/', 'trip/day1.md'])
      calls.length = 0
      await writeFile(join(root, 'top.md'), 'top')
      await waitFor(() => calls.some((call) => call !== 'all' && call.includes('/')))
      expect(calls.at(-1)).toEqual(['/', 'top.md'])
    } finally {
      await watcher.dispose()
    }
  })

  it('reports permission errors and keeps watching (never crashes)', async () => {
    const problems: WatcherProblem[] = []
    let calls = 0
    const fail = Object.assign(new Error('EACCES: permission denied, scandir'), { code: 'EACCES' })
    const root = await mem.mkroot()
    const watcher = await MemoryWatcher.start({
      root,
      memory: {
        async applyExternal() {
          calls++
          if (calls === 1) throw fail
          return undefined
        }
      }
    })
    try {
      watcher.onProblem((problem) => problems.push(problem))
      await writeFile(join(root, 'a.md'), 'a')
      await waitFor(() => problems.length > 0)
      expect(problems[0]).toMatchObject({ kind: 'permission' })
      await writeFile(join(root, 'b.md'), 'b')
      await waitFor(() => calls >= 2)
    } finally {
      await watcher.dispose()
    }
  })

  it('leaves making a deleted folder again to the engine (its one writer)', async () => {
    const root = await mem.mkroot()
    const thereWhenAsked: boolean[] = []
    const problems: WatcherProblem[] = []
    const watcher = await MemoryWatcher.start({
      root,
      settleMs: 1,
      memory: {
        async applyExternal() {
          return undefined
        },
        async recreateRoot() {
          thereWhenAsked.push(existsSync(root))
          await mkdir(root)
        }
      }
    })
    try {
      watcher.onProblem((problem) => problems.push(problem))
      await rm(root, { recursive: true, force: true })
      await waitFor(() => problems.some((problem) => problem.kind === 'root-recreated'))
      expect(thereWhenAsked).toEqual([false])
      expect(existsSync(root)).toBe(true)
    } finally {
      await watcher.dispose()
    }
  })

  // Skipped as root (root reads any folder, so nothing is unreadable) and on Windows (no chmod 000).
  it.skipIf(process.getuid?.() === 0 || process.platform === 'win32')(
    'reports an unreadable folder as a permission problem (needs a non-root user)',
    async () => {
      const started = await mem.start()
      store = started.store
      const locked = join(mem.root(), 'locked')
      await mkdir(locked)
      await writeFile(join(locked, 'x.md'), 'x')
      await started.changes.waitFor(hasPath('/memories/locked/x.md'))
      const { chmod } = await import('node:fs/promises')
      await chmod(locked, 0)
      try {
        await writeFile(join(mem.root(), 'poke.md'), 'p')
        await started.changes.until(
          () => started.problems.find((item) => item.kind === 'permission'),
          'a permission report'
        )
      } finally {
        await chmod(locked, 0o700)
      }
    }
  )

  it('flags a file added from outside that breaks a cap', async () => {
    const started = await mem.start({ limits: { maxFileBytes: 1024 } })
    store = started.store
    await writeFile(join(mem.root(), 'big.md'), 'x'.repeat(5000))
    const change = await started.changes.waitFor(hasPath('/memories/big.md'))
    expect(change.flagged).toEqual(['/memories/big.md'])
    expect(change.usage?.overCapFiles).toEqual(['/memories/big.md'])
    const [entry] = await externalEntries('/memories/big.md')
    expect(entry?.message).toMatch(/added outside the app; over the per-file cap/)
    // A small file is not flagged.
    await writeFile(join(mem.root(), 'small.md'), 'ok')
    const small = await started.changes.waitFor(hasPath('/memories/small.md'))
    expect(small.flagged).toBeUndefined()
  })

  it('keeps expiry state right when an outside edit adds or removes an expires date', async () => {
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/trip.md', file_text: 'packing list' })
    expect(indexOf(store).get('trip.md')?.expiresAt).toBeUndefined()
    await writeFile(join(mem.root(), 'trip.md'), '---\nexpires: 2099-07-01\n---\npacking list')
    await started.changes.until(
      () => indexOf(store).get('trip.md')?.expiresAt === Date.parse('2099-07-01'),
      'the expires date in the index'
    )
    const {
      entries: [entry]
    } = await store.list({ path: '/memories/trip.md' })
    expect(entry?.expiresAt).toBe(Date.parse('2099-07-01'))
    await writeFile(join(mem.root(), 'trip.md'), 'packing list, kept')
    await started.changes.until(
      () => indexOf(store).get('trip.md')?.hash === sha('packing list, kept'),
      'the edited file in the index'
    )
    expect(indexOf(store).get('trip.md')?.expiresAt).toBeUndefined()
  })

  /**
   * Claude makes busy.md; another program then saves it five times, each seen by the watcher.
   * Each save waits for the batch that took the last one to end, as a person saving again does:
   * the index holds a version before its batch has also looked into the folder, and a save
   * landing between those two reads joins that batch (one entry for two saves).
   */
  async function editFiveTimes({ changes, watcher }: Awaited<ReturnType<typeof mem.start>>) {
    await claude.ok({ command: 'create', path: '/memories/busy.md', file_text: 'v0' })
    for (let i = 1; i <= 5; i++) {
      await writeFile(join(mem.root(), 'busy.md'), `version ${i}`)
      await changes.until(
        () => indexOf(store).get('busy.md')?.hash === sha(`version ${i}`),
        `version ${i} in the index`
      )
      await watcher.idle()
    }
  }

  it('keeps every repeated outside edit of one file as a version (history on: no coalescing)', async () => {
    const started = await mem.start()
    store = started.store
    await editFiveTimes(started)
    const entries = await externalEntries('/memories/busy.md')
    expect(entries.map((item) => item.message)).toEqual(Array(5).fill('changed outside the app'))
    for (let i = 1; i <= 5; i++)
      expect(await store.versionText(sha(`version ${i}`))).toBe(`version ${i}`)
    expect((await store.read('/memories/busy.md')).content).toBe('version 5')
  })

  it('coalesces repeated outside edits of one file into one activity entry when history is off', async () => {
    const started = await mem.start({ history: false })
    store = started.store
    await editFiveTimes(started)
    const messages = (await externalEntries('/memories/busy.md')).map((item) => item.message)
    expect(messages).toEqual(['changed outside the app'])
  })

  it('sends memory:changed payloads that the contract accepts, with usage', async () => {
    const { MemoryChangeSchema } = await import('@shared/memory/memory')
    const started = await mem.start()
    store = started.store
    await claude.ok({ command: 'create', path: '/memories/c.md', file_text: 'c' })
    await writeFile(join(mem.root(), 'e.md'), 'e')
    await started.changes.waitFor(hasPath('/memories/e.md'))
    for (const change of started.changes.seen) {
      expect(MemoryChangeSchema.parse(change)).toEqual(change)
      expect(change.usage).toBeDefined()
    }
    expect(started.changes.seen.find(hasPath('/memories/c.md'))?.actor).toEqual(CLAUDE)
  })

  it('stops cleanly: after dispose no change is applied', async () => {
    const started = await mem.start()
    store = started.store
    await started.watcher.dispose()
    await started.watcher.dispose()
    await writeFile(join(mem.root(), 'late.md'), 'late')
    // The store still answers (it was not disposed), and re-reading shows the file only on demand.
    expect(started.changes.external()).toEqual([])
    await store.refresh()
    expect((await store.usage()).files).toBe(1)
    expect(await readFile(join(mem.root(), 'late.md'), 'utf8')).toBe('late')
  })
})

/** Polls a condition with a deadline (for the test doubles, which emit no store events). */
async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}
