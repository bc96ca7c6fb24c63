import { randomUUID } from 'node:crypto'
import * as fs from 'node:fs'
import { constants, type Dirent, type Stats } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { CairnError } from '@shared/errors'
import { ToolError } from '../core/tool-error'

// Every path below the root is reached one name at a time from an open folder descriptor
// (`/proc/self/fd/N/name`, Linux's openat), opening each level with O_NOFOLLOW: a symlink at any
// level is refused, and a folder swapped for a symlink mid-operation cannot redirect us outside.
// Elsewhere (no /proc) the same walk runs on paths with an lstat at every level.
//
// Metadata calls and the small reads and writes are synchronous: each takes microseconds, where a
// thread-pool round trip costs tens. fsync, the one call that can take long, stays asynchronous.

const fsyncAsync = promisify(fs.fsync)
const fdatasyncAsync = promisify(fs.fdatasync)

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0
const O_DIRECTORY = constants.O_DIRECTORY ?? 0
const O_NONBLOCK = constants.O_NONBLOCK ?? 0
const DIR_FLAGS = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW
// NONBLOCK: opening a FIFO someone planted must not hang the engine.
const READ_FLAGS = constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK
const PROC_PREFIX = '/proc/self/fd/'

export type FsProblemKind = 'missing' | 'not-dir' | 'symlink' | 'not-file' | 'exists'

/** An expected condition on the way to a path; `depth` is the index of the segment concerned. */
export class FsProblem extends Error {
  constructor(
    readonly kind: FsProblemKind,
    readonly depth: number
  ) {
    super(kind)
  }
}

/** An open folder: `at(name)` is a path for fs calls that cannot leave it. */
export interface Dir {
  readonly path: string
  at(name: string): string
  stat(): Promise<Stats>
  sync(): Promise<void>
  close(): Promise<void>
}

export interface FileRead {
  /** The whole file, or only its first bytes when `complete` is false (a big file). */
  bytes: Buffer
  complete: boolean
  size: number
  mtimeMs: number
  ino: number
}

/** An open regular file: its stat, and ranged reads that do not block the event loop. */
export interface RegularFile {
  readonly info: Stats
  /** The open descriptor (a worker thread of this process may read through it; see line-index.ts). */
  readonly fd: number
  /** Up to `length` bytes from `position` (fewer at the end of the file), into `into` if given. */
  read(position: number, length: number, into?: Buffer): Promise<Buffer>
  /** The whole file, synchronously: only for small files. */
  readAllSync(): Buffer
  close(): void
}

export interface WalkEntry {
  /** Segments relative to the walk's start folder. */
  segments: string[]
  kind: 'file' | 'dir'
  size: number
  mtimeMs: number
}

export function tempName(): string {
  return `.cairn-${randomUUID()}.tmp`
}

export class SafeFs {
  private constructor(
    readonly realRoot: string,
    private readonly anchored: boolean
  ) {}

  /**
   * The folders above the root may be links (macOS /var, a moved home); the root itself may not:
   * a root that is a link, now or later, is refused, never followed.
   */
  static async open(root: string): Promise<SafeFs> {
    fs.mkdirSync(dirname(root), { recursive: true, mode: 0o700 })
    const realRoot = join(fs.realpathSync(dirname(root)), basename(root))
    if (!lstatSyncOrNull(realRoot)) mkdirQuietly(realRoot)
    const info = fs.lstatSync(realRoot)
    if (info.isSymbolicLink())
      throw new CairnError(
        'MEMORY_REFUSED',
        'The memory folder is a symbolic link to another place. Cairn never follows links out of ' +
          'its memory folder: replace the link with a real folder (move the files into it).'
      )
    if (!info.isDirectory())
      throw new CairnError(
        'MEMORY_REFUSED',
        'The memory folder is a file, not a folder. Move the file away so Cairn can create the folder.'
      )
    return new SafeFs(realRoot, procWorks(realRoot))
  }

  /** Makes the root again after another program deleted it (0700; a link there stays refused). */
  async recreateRoot(): Promise<void> {
    await fs.promises.mkdir(this.realRoot, { recursive: true, mode: 0o700 })
  }

  /** Opens the folder `segments` (each level without following links), optionally creating it. */
  async openDir(segments: readonly string[], create = false): Promise<Dir> {
    if (!this.anchored) return this.openDirByPath(segments, create)
    let fd = openRoot(this.realRoot)
    try {
      for (let depth = 0; depth < segments.length; depth++) {
        const next = await openDirStep(`${PROC_PREFIX}${fd}/${segments[depth]}`, depth, create, fd)
        fs.closeSync(fd)
        fd = next
      }
    } catch (error) {
      closeQuietly(fd)
      throw error
    }
    return fdDir(fd)
  }

  private async openDirByPath(segments: readonly string[], create: boolean): Promise<Dir> {
    if (lstatSyncOrNull(this.realRoot)?.isSymbolicLink()) throw rootLinked()
    let path = this.realRoot
    for (let depth = 0; depth < segments.length; depth++) {
      const parent = path
      path = join(path, segments[depth] as string)
      const info = lstatSyncOrNull(path)
      if (!info && create) {
        mkdirQuietly(path)
        await syncPath(parent)
        if (!fs.lstatSync(path).isDirectory()) throw new FsProblem('not-dir', depth)
        continue
      }
      if (!info) throw new FsProblem('missing', depth)
      if (info.isSymbolicLink()) throw new FsProblem('symlink', depth)
      if (!info.isDirectory()) throw new FsProblem('not-dir', depth)
    }
    return pathDir(path)
  }

  async withDir<T>(
    segments: readonly string[],
    fn: (dir: Dir) => Promise<T>,
    create = false
  ): Promise<T> {
    const dir = await this.openDir(segments, create)
    try {
      return await fn(dir)
    } finally {
      await dir.close()
    }
  }
}

/** The root, opened without following a link (it may have been swapped for one since start). */
function openRoot(realRoot: string): number {
  try {
    return fs.openSync(realRoot, DIR_FLAGS)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ELOOP' || (code === 'ENOTDIR' && lstatSyncOrNull(realRoot)?.isSymbolicLink()))
      throw rootLinked()
    throw error
  }
}

function rootLinked(): ToolError {
  return new ToolError(
    'refused',
    'Error: The memory directory /memories has been replaced by a symbolic link; the memory tool ' +
      'never follows links. Nothing was read or changed. Ask the user to restore the folder.'
  )
}

async function openDirStep(
  path: string,
  depth: number,
  create: boolean,
  parentFd: number
): Promise<number> {
  try {
    return fs.openSync(path, DIR_FLAGS)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ENOENT' && create) {
      mkdirQuietly(path)
      await fsyncAsync(parentFd).catch(() => undefined)
      return openDirStep(path, depth, false, parentFd)
    }
    if (code === 'ENOENT') throw new FsProblem('missing', depth)
    if (code === 'ELOOP') throw new FsProblem('symlink', depth)
    if (code === 'ENOTDIR') {
      throw new FsProblem(lstatSyncOrNull(path)?.isSymbolicLink() ? 'symlink' : 'not-dir', depth)
    }
    throw error
  }
}

function fdDir(fd: number): Dir {
  const path = `${PROC_PREFIX}${fd}`
  let open = true
  return {
    path,
    at: (name) => `${path}/${name}`,
    stat: async () => fs.fstatSync(fd),
    sync: () => fsyncAsync(fd).catch(ignoreCode('EINVAL')),
    close: async () => {
      if (open) fs.closeSync(fd)
      open = false
    }
  }
}

function pathDir(path: string): Dir {
  return {
    path,
    at: (name) => join(path, name),
    stat: async () => fs.lstatSync(path),
    sync: () => syncPath(path),
    close: async () => undefined
  }
}

function procWorks(realRoot: string): boolean {
  if (process.platform !== 'linux') return false
  try {
    const fd = fs.openSync(realRoot, DIR_FLAGS)
    try {
      const viaProc = fs.statSync(`${PROC_PREFIX}${fd}`)
      const direct = fs.fstatSync(fd)
      return viaProc.ino === direct.ino && viaProc.dev === direct.dev
    } finally {
      fs.closeSync(fd)
    }
  } catch {
    return false
  }
}

function readAsync(
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number
): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.read(fd, buffer, offset, length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead)
    )
  )
}

export function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function ignoreCode(...codes: string[]) {
  return (error: unknown): void => {
    if (!codes.includes(errnoOf(error) ?? '')) throw error
  }
}

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd)
  } catch {
    // already closed
  }
}

function mkdirQuietly(path: string): void {
  try {
    fs.mkdirSync(path, { mode: 0o700 })
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error
  }
}

function lstatSyncOrNull(path: string): Stats | null {
  try {
    return fs.lstatSync(path)
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null
    throw error
  }
}

export async function lstatOrNull(path: string): Promise<Stats | null> {
  return lstatSyncOrNull(path)
}

export async function lstat(path: string): Promise<Stats> {
  return fs.lstatSync(path)
}

/** Opens a regular file without following a link and without blocking on a FIFO. */
export async function openRegular(path: string): Promise<RegularFile> {
  let fd: number
  try {
    fd = fs.openSync(path, READ_FLAGS)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new FsProblem('missing', -1)
    if (code === 'ELOOP') throw new FsProblem('symlink', -1)
    if (code === 'ENXIO') throw new FsProblem('not-file', -1)
    throw error
  }
  let info: Stats
  try {
    info = fs.fstatSync(fd)
    if (!info.isFile()) throw new FsProblem('not-file', -1)
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
  let open = true
  return {
    info,
    fd,
    read: async (position, length, into) => {
      const buffer = into && into.length >= length ? into : Buffer.allocUnsafe(length)
      let got = 0
      while (got < length) {
        const bytesRead = await readAsync(fd, buffer, got, length - got, position + got)
        if (bytesRead === 0) break
        got += bytesRead
      }
      return buffer.subarray(0, got)
    },
    readAllSync: () => fs.readFileSync(fd),
    close: () => {
      if (open) fs.closeSync(fd)
      open = false
    }
  }
}

/**
 * Writes `data` as `dir/name` so a crash leaves the old or the new file, never a mix:
 * temp ('wx', 0600) → write → fsync → rename (or link, when it must not replace) → fsync folder.
 */
export async function writeAtomic(
  dir: Dir,
  name: string,
  data: string | Uint8Array,
  exclusive: boolean
): Promise<Stats> {
  const temp = dir.at(tempName())
  const target = dir.at(name)
  const fd = fs.openSync(temp, 'wx', 0o600)
  try {
    try {
      fs.writeFileSync(fd, data)
      await fdatasyncAsync(fd)
    } finally {
      fs.closeSync(fd)
    }
    if (exclusive) linkExclusive(temp, target)
    else fs.renameSync(temp, target)
  } catch (error) {
    fs.rmSync(temp, { force: true })
    throw error
  }
  await dir.sync()
  return fs.lstatSync(target)
}

function linkExclusive(temp: string, target: string): void {
  try {
    fs.linkSync(temp, target)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'EEXIST') throw new FsProblem('exists', -1)
    // Filesystems without hard links: check then rename (we are the only writer).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') {
      throw error
    }
    if (lstatSyncOrNull(target)) throw new FsProblem('exists', -1)
    fs.renameSync(temp, target)
    return
  }
  fs.unlinkSync(temp)
}

/** Lists a folder by name (sorted), without following links. */
export async function listDir(path: string): Promise<Dirent[]> {
  const entries = fs.readdirSync(path, { withFileTypes: true })
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

export interface WalkOptions {
  /** Leftover temp files: not visited, handed to `onTemp` when given. */
  isTemp?: (name: string) => boolean
  onTemp?: (dir: Dir, name: string) => Promise<void>
  /** Folders this many levels down are visited but not entered (reported when not empty). */
  maxDepth?: number
  /** Set false when stopping at `maxDepth` is the point (a one-level look), not worth a report. */
  reportTooDeep?: boolean
  /** Visit each folder's names in sorted order (a depth-first listing), not the disk's order. */
  sorted?: boolean
  /** Whether to lstat an entry for its size and time (default all); others get 0 for both. */
  stat?: (segments: readonly string[]) => boolean
  /** Awaited between entries, so a big walk can hand the event loop back (see pace.ts). */
  pace?: () => Promise<void>
}

/** A folder the walk did not enter: `too-deep` past `maxDepth`, `unreadable` on an fs error. */
export interface WalkSkip {
  segments: string[]
  reason: 'too-deep' | 'unreadable'
  code?: string
}

interface WalkFrame {
  dir: Dir
  owned: boolean
  prefix: string[]
  names: Dirent[]
  next: number
}

/**
 * Visits every regular file and folder under `dir` (links and special files are skipped, never
 * followed); folders are visited before their contents. It never throws for what is in the tree:
 * a folder it cannot enter (too deep, unreadable, a path too long) is skipped and returned.
 * Iterative, holding one descriptor per level entered (at most `maxDepth`), never one per folder.
 */
export async function walkTree(
  dir: Dir,
  visit: (entry: WalkEntry) => void,
  options: WalkOptions = {}
): Promise<WalkSkip[]> {
  const { isTemp = () => false, onTemp, maxDepth = Infinity, sorted = false, pace } = options
  const skipped: WalkSkip[] = []
  const read = (at: Dir, prefix: string[]): Dirent[] | null => {
    try {
      const names = fs.readdirSync(at.path, { withFileTypes: true })
      return sorted ? names.sort(byName) : names
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return []
      skipped.push({ segments: prefix, reason: 'unreadable', ...codeOf(error) })
      return null
    }
  }
  const stack: WalkFrame[] = [
    { dir, owned: false, prefix: [], names: read(dir, []) ?? [], next: 0 }
  ]
  try {
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as WalkFrame
      const entry = frame.names[frame.next++]
      if (!entry) {
        stack.pop()
        if (frame.owned) await frame.dir.close()
        continue
      }
      await pace?.()
      if (entry.isFile() && isTemp(entry.name)) {
        await onTemp?.(frame.dir, entry.name)
        continue
      }
      if (!entry.isFile() && !entry.isDirectory() && knownType(entry)) continue
      const segments = [...frame.prefix, entry.name]
      const wantStat = options.stat?.(segments) ?? true
      let info: Stats | null
      try {
        info = wantStat || !knownType(entry) ? lstatSyncOrNull(frame.dir.at(entry.name)) : null
      } catch (error) {
        // A path too long for this platform (no descriptor-relative walk): skip, never fail.
        skipped.push({ segments, reason: 'unreadable', ...codeOf(error) })
        continue
      }
      const isDir = info ? info.isDirectory() : entry.isDirectory()
      if (!isDir && !(info ? info.isFile() : entry.isFile())) continue
      if (wantStat && !info) continue
      const size = wantStat ? (info?.size ?? 0) : 0
      const mtimeMs = wantStat ? (info?.mtimeMs ?? 0) : 0
      visit({ segments, kind: isDir ? 'dir' : 'file', size, mtimeMs })
      if (!isDir || (segments.length >= maxDepth && options.reportTooDeep === false)) continue
      let sub: Dir
      try {
        sub = await openChild(frame.dir, entry.name)
      } catch (error) {
        if (errnoOf(error) !== 'ENOENT') {
          skipped.push({ segments, reason: 'unreadable', ...codeOf(error) })
        }
        continue
      }
      const names = read(sub, segments)
      if (names && segments.length >= maxDepth) {
        if (names.length > 0) skipped.push({ segments, reason: 'too-deep' })
        await sub.close()
        continue
      }
      if (!names) {
        await sub.close()
        continue
      }
      stack.push({ dir: sub, owned: true, prefix: segments, names, next: 0 })
    }
  } finally {
    for (const frame of stack) if (frame.owned) await frame.dir.close().catch(() => undefined)
  }
  return skipped
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}

/** False when the folder listing did not say what an entry is (some filesystems): lstat it. */
function knownType(entry: Dirent): boolean {
  return (
    entry.isFile() ||
    entry.isDirectory() ||
    entry.isSymbolicLink() ||
    entry.isFIFO() ||
    entry.isSocket() ||
    entry.isCharacterDevice() ||
    entry.isBlockDevice()
  )
}

function codeOf(error: unknown): { code?: string } {
  const code = errnoOf(error)
  return code ? { code } : {}
}

/** Opens `dir/name` as a folder without following a link. */
export async function openChild(dir: Dir, name: string): Promise<Dir> {
  const path = dir.at(name)
  if (!dir.path.startsWith(PROC_PREFIX)) {
    if (!fs.lstatSync(path).isDirectory()) throw new FsProblem('not-dir', -1)
    return pathDir(path)
  }
  return fdDir(fs.openSync(path, DIR_FLAGS))
}

/** Removes `dir/name` and everything under it without ever following a link. */
export async function removeTree(dir: Dir, name: string): Promise<void> {
  const info = fs.lstatSync(dir.at(name))
  if (!info.isDirectory()) {
    fs.unlinkSync(dir.at(name))
    return
  }
  if (!dir.path.startsWith(PROC_PREFIX)) {
    fs.rmSync(dir.at(name), { recursive: true })
    return
  }
  let sub: Dir
  try {
    sub = await openChild(dir, name)
  } catch (error) {
    // Swapped for a link since the lstat: remove the link itself, nothing behind it.
    if (errnoOf(error) === 'ELOOP' || errnoOf(error) === 'ENOTDIR') {
      fs.unlinkSync(dir.at(name))
      return
    }
    throw error
  }
  try {
    for (const entry of fs.readdirSync(sub.path)) await removeTree(sub, entry)
  } finally {
    await sub.close()
  }
  fs.rmdirSync(dir.at(name))
}

export async function syncPath(path: string): Promise<void> {
  // Windows cannot open a folder for fsync; the rename is as durable as that platform allows.
  if (process.platform === 'win32') return
  const fd = fs.openSync(path, 'r')
  try {
    await fsyncAsync(fd)
  } catch (error) {
    if (errnoOf(error) !== 'EINVAL') throw error
  } finally {
    fs.closeSync(fd)
  }
}

export async function rename(from: string, to: string): Promise<void> {
  fs.renameSync(from, to)
}

export async function unlink(path: string): Promise<void> {
  fs.unlinkSync(path)
}
