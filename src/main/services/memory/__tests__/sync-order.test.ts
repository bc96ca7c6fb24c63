import { createRequire, syncBuiltinESMExports } from 'node:module'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MemoryStore } from '../store'

// The order a command's system calls reach the disk in: what makes it durable once it returns.
// Syncs may run side by side (they are independent), but each must have ended before the step
// that relies on it: a file's data before its name is linked, its folder after the name changed
// and before the activity entry says so, history's pack before the entry names a version.
// The engine promisifies fsync and fdatasync when it loads: the recording is put in place first.

type Event = {
  op: 'sync-start' | 'sync-end' | 'link' | 'rename' | 'unlink' | 'log' | 'open-dir'
  path: string
}

const require = createRequire(import.meta.url)
const fsCjs = require('node:fs') as typeof import('node:fs')
const original = {
  fsync: fsCjs.fsync,
  fdatasync: fsCjs.fdatasync,
  linkSync: fsCjs.linkSync,
  renameSync: fsCjs.renameSync,
  unlinkSync: fsCjs.unlinkSync,
  writeSync: fsCjs.writeSync,
  openSync: fsCjs.openSync
}
const events: Event[] = []
// Linux only: the recording names a descriptor's file through /proc/self/fd, which only Linux has
// (and which the engine's folder-relative opens use there too).
const linux = process.platform === 'linux'

/** The real path behind a descriptor, or behind a `/proc/self/fd/N/name` path. */
function real(fdOrPath: number | string): string {
  try {
    if (typeof fdOrPath === 'number') return fsCjs.readlinkSync(`/proc/self/fd/${fdOrPath}`)
    const match = /^\/proc\/self\/fd\/(\d+)\/(.*)$/.exec(fdOrPath)
    return match ? `${real(Number(match[1]))}/${match[2]}` : fdOrPath
  } catch {
    return String(fdOrPath)
  }
}

function recordSync(name: 'fsync' | 'fdatasync'): void {
  const call = original[name]
  fsCjs[name] = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    const path = real(fd)
    events.push({ op: 'sync-start', path })
    // A folder's sync ends late (a file's a little): a step that does not wait for it runs first.
    const late = fsCjs.fstatSync(fd).isDirectory() ? 30 : 2
    return call(fd, (error) =>
      setTimeout(() => {
        events.push({ op: 'sync-end', path })
        done(error)
      }, late)
    )
  }) as typeof fsCjs.fsync
}

if (linux) {
  recordSync('fsync')
  recordSync('fdatasync')
  fsCjs.linkSync = ((from, to) => {
    original.linkSync(from, to)
    events.push({ op: 'link', path: real(String(to)) })
  }) as typeof fsCjs.linkSync
  fsCjs.renameSync = ((from, to) => {
    const path = real(String(to))
    original.renameSync(from, to)
    events.push({ op: 'rename', path })
  }) as typeof fsCjs.renameSync
  fsCjs.unlinkSync = ((path) => {
    const at = real(String(path))
    original.unlinkSync(path)
    events.push({ op: 'unlink', path: at })
  }) as typeof fsCjs.unlinkSync
  fsCjs.writeSync = ((fd: number, ...rest: unknown[]) => {
    const written = (original.writeSync as (...args: unknown[]) => number)(fd, ...rest)
    if (real(fd).endsWith('activity.jsonl')) events.push({ op: 'log', path: real(fd) })
    return written
  }) as typeof fsCjs.writeSync
  fsCjs.openSync = ((path, flags, ...rest: unknown[]) => {
    const fd = (original.openSync as (...args: unknown[]) => number)(path, flags, ...rest)
    if (typeof flags === 'number' && flags & fsCjs.constants.O_DIRECTORY)
      events.push({ op: 'open-dir', path: real(fd) })
    return fd
  }) as typeof fsCjs.openSync
  syncBuiltinESMExports()
}

afterAll(() => {
  Object.assign(fsCjs, original)
  syncBuiltinESMExports()
})

const CLAUDE = { kind: 'claude', conversationId: 'c' } as const

/** Where in `list` the first event matching is (fails the test when there is none). */
function at(list: Event[], op: Event['op'], path: (p: string) => boolean, from = 0): number {
  const index = list.findIndex((event, i) => i >= from && event.op === op && path(event.path))
  expect(index, `${op} ${list.map((e) => `${e.op} ${e.path}`).join('\n')}`).toBeGreaterThanOrEqual(
    0
  )
  return index
}

/** The folder `dir` was synced after `after` and the sync ended before `before`. */
function folderSynced(list: Event[], dir: string, after: number, before: number): void {
  const start = at(list, 'sync-start', (p) => p === dir, after)
  const end = at(list, 'sync-end', (p) => p === dir, start)
  expect(end).toBeLessThan(before)
}

describe.runIf(linux)('sync order: each command is durable before its entry is logged', () => {
  let base: string
  let root: string
  let store: MemoryStore

  beforeEach(async () => {
    const { openMemoryStore } = await import('..')
    base = await mkdtemp(join(tmpdir(), 'cairn-sync-order-'))
    root = join(base, 'memories')
    await mkdir(join(root, 'a'), { recursive: true })
    await mkdir(join(root, 'b'), { recursive: true })
    await writeFile(join(root, 'a', 'one.md'), 'one\n')
    store = await openMemoryStore({ root, stateDir: join(base, 'state') })
    // History's first pack is opened (and its folder synced) by a first change: not looked at.
    await store.execute({ command: 'create', path: '/memories/warm.md', file_text: 'x' }, CLAUDE)
  })

  afterEach(async () => {
    await store.dispose()
    await rm(base, { recursive: true, force: true })
  })

  async function traced(command: Record<string, unknown>): Promise<Event[]> {
    events.length = 0
    const result = await store.execute(command, CLAUDE)
    expect(result.isError, result.content).toBe(false)
    return [...events]
  }

  it('create: data synced before the link, folder and history synced before the entry', async () => {
    const list = await traced({ command: 'create', path: '/memories/a/new.md', file_text: 'new' })
    const link = at(list, 'link', (p) => p === join(root, 'a', 'new.md'))
    const dataStart = at(list, 'sync-start', (p) => p.endsWith('.tmp'))
    expect(at(list, 'sync-end', (p) => p.endsWith('.tmp'), dataStart)).toBeLessThan(link)
    const log = at(list, 'log', () => true)
    folderSynced(list, join(root, 'a'), link, log)
    const pack = at(list, 'sync-start', (p) => /pack-\d+\.dat$/.test(p))
    expect(at(list, 'sync-end', (p) => /pack-\d+\.dat$/.test(p), pack)).toBeLessThan(log)
  })

  it('delete: the folder is synced after the unlink and before the entry', async () => {
    const list = await traced({ command: 'delete', path: '/memories/a/one.md' })
    const unlink = at(list, 'unlink', (p) => p === join(root, 'a', 'one.md'))
    folderSynced(
      list,
      join(root, 'a'),
      unlink,
      at(list, 'log', () => true)
    )
  })

  it('rename inside a folder: the command opens the folder once for the source, twin check, probe and move', async () => {
    const list = await traced({
      command: 'rename',
      old_path: '/memories/a/one.md',
      new_path: '/memories/a/two.md'
    })
    // The catch-up before it opens the folder three times (the file's stat, its read, a probe of
    // the new name); the command once more, where it opened it four times.
    const opens = list.filter((event) => event.op === 'open-dir' && event.path === join(root, 'a'))
    expect(opens).toHaveLength(4)
    expect(list.some((event) => event.op === 'rename')).toBe(true)
    folderSynced(
      list,
      join(root, 'a'),
      at(list, 'rename', () => true),
      at(list, 'log', () => true)
    )
  })

  it('rename to another folder: both folders are synced, side by side, after the move and before the entry', async () => {
    const list = await traced({
      command: 'rename',
      old_path: '/memories/a/one.md',
      new_path: '/memories/b/moved.md'
    })
    const move = at(list, 'rename', (p) => p === join(root, 'b', 'moved.md'))
    const log = at(list, 'log', () => true)
    folderSynced(list, join(root, 'b'), move, log)
    folderSynced(list, join(root, 'a'), move, log)
    // Independent: the second starts before the first has ended (one fsync's wait, not two).
    const [first, second] = [join(root, 'b'), join(root, 'a')].map((dir) =>
      at(list, 'sync-start', (p) => p === dir, move)
    ) as [number, number]
    const firstEnd = at(list, 'sync-end', (p) => p === join(root, 'b'), first)
    expect(second).toBeLessThan(firstEnd)
  })
})

describe.runIf(linux)('writeAtomic: history keeps the bytes while they sync', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cairn-sync-order-write-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('calls `written` once the temp file sync has started; links only after it ended', async () => {
    const { writeAtomic } = await import('../jail/fs-ops')
    const { pathDir } = await import('../jail/fs-base')
    events.length = 0
    let writtenAt = -1
    await writeAtomic(pathDir(dir), 'note.md', Buffer.from('text'), true, () => {
      writtenAt = events.length
      events.push({ op: 'log', path: 'written' })
    })
    const start = at(events, 'sync-start', (p) => p.endsWith('.tmp'))
    const end = at(events, 'sync-end', (p) => p.endsWith('.tmp'), start)
    expect(start).toBeLessThan(writtenAt)
    expect(end).toBeLessThan(at(events, 'link', (p) => p === join(dir, 'note.md')))
  })
})
