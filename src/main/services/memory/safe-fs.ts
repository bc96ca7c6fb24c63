import { randomUUID } from 'node:crypto'
import { constants, type Dirent, type Stats } from 'node:fs'
import {
  link,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  type FileHandle
} from 'node:fs/promises'
import { join } from 'node:path'

// Every path below the root is reached one name at a time from an open folder handle
// (`/proc/self/fd/N/name`, Linux's openat), opening each level with O_NOFOLLOW: a symlink at any
// level is refused, and a folder swapped for a symlink mid-operation cannot redirect us outside.
// Elsewhere (no /proc) the same walk runs on paths with an lstat at every level.

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0
const O_DIRECTORY = constants.O_DIRECTORY ?? 0
const O_NONBLOCK = constants.O_NONBLOCK ?? 0
const DIR_FLAGS = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW
// NONBLOCK: opening a FIFO someone planted must not hang the engine.
const READ_FLAGS = constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK

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
  bytes: Buffer
  size: number
  mtimeMs: number
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

  static async open(root: string): Promise<SafeFs> {
    await mkdir(root, { recursive: true, mode: 0o700 })
    const realRoot = await realpath(root)
    return new SafeFs(realRoot, await procWorks(realRoot))
  }

  /** Opens the folder `segments` (each level without following links), optionally creating it. */
  async openDir(segments: readonly string[], create = false): Promise<Dir> {
    if (!this.anchored) return this.openDirByPath(segments, create)
    let handle = await open(this.realRoot, constants.O_RDONLY | O_DIRECTORY)
    try {
      for (let depth = 0; depth < segments.length; depth++) {
        const name = segments[depth] as string
        const path = `/proc/self/fd/${handle.fd}/${name}`
        const next = await openDirStep(path, depth, create, handle)
        await handle.close()
        handle = next
      }
    } catch (error) {
      await handle.close().catch(() => undefined)
      throw error
    }
    return handleDir(handle)
  }

  private async openDirByPath(segments: readonly string[], create: boolean): Promise<Dir> {
    let path = this.realRoot
    for (let depth = 0; depth < segments.length; depth++) {
      const parent = path
      path = join(path, segments[depth] as string)
      const info = await lstatOrNull(path)
      if (!info && create) {
        await mkdir(path, { mode: 0o700 }).catch(ignoreCode('EEXIST'))
        await syncPath(parent)
        const made = await lstat(path)
        if (!made.isDirectory()) throw new FsProblem('not-dir', depth)
        continue
      }
      if (!info) throw new FsProblem('missing', depth)
      if (info.isSymbolicLink()) throw new FsProblem('symlink', depth)
      if (!info.isDirectory()) throw new FsProblem('not-dir', depth)
    }
    const dirPath = path
    return {
      path: dirPath,
      at: (name) => join(dirPath, name),
      stat: () => lstat(dirPath),
      sync: () => syncPath(dirPath),
      close: async () => undefined
    }
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

async function openDirStep(
  path: string,
  depth: number,
  create: boolean,
  parent: FileHandle
): Promise<FileHandle> {
  try {
    return await open(path, DIR_FLAGS)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ENOENT' && create) {
      await mkdir(path, { mode: 0o700 }).catch(ignoreCode('EEXIST'))
      await parent.sync().catch(() => undefined)
      return openDirStep(path, depth, false, parent)
    }
    if (code === 'ENOENT') throw new FsProblem('missing', depth)
    if (code === 'ELOOP') throw new FsProblem('symlink', depth)
    if (code === 'ENOTDIR') {
      const info = await lstatOrNull(path)
      throw new FsProblem(info?.isSymbolicLink() ? 'symlink' : 'not-dir', depth)
    }
    throw error
  }
}

function handleDir(handle: FileHandle): Dir {
  const path = `/proc/self/fd/${handle.fd}`
  return {
    path,
    at: (name) => `${path}/${name}`,
    stat: () => handle.stat(),
    sync: () => handle.sync().catch(ignoreCode('EINVAL')),
    close: () => handle.close()
  }
}

async function procWorks(realRoot: string): Promise<boolean> {
  if (process.platform !== 'linux') return false
  try {
    const handle = await open(realRoot, constants.O_RDONLY | O_DIRECTORY)
    try {
      const [viaProc, direct] = await Promise.all([
        stat(`/proc/self/fd/${handle.fd}`),
        handle.stat()
      ])
      return viaProc.ino === direct.ino && viaProc.dev === direct.dev
    } finally {
      await handle.close()
    }
  } catch {
    return false
  }
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

export async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path)
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null
    throw error
  }
}

/** Reads a regular file without following a link and without blocking on a FIFO. */
export async function readRegular(path: string): Promise<FileRead> {
  let handle: FileHandle
  try {
    handle = await open(path, READ_FLAGS)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ENOENT') throw new FsProblem('missing', -1)
    if (code === 'ELOOP') throw new FsProblem('symlink', -1)
    if (code === 'ENXIO') throw new FsProblem('not-file', -1)
    throw error
  }
  try {
    const info = await handle.stat()
    if (info.isDirectory()) throw new FsProblem('not-file', -1)
    if (!info.isFile()) throw new FsProblem('not-file', -1)
    const bytes = await handle.readFile()
    return { bytes, size: bytes.length, mtimeMs: info.mtimeMs }
  } finally {
    await handle.close()
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
  const handle = await open(temp, 'wx', 0o600)
  try {
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    if (exclusive) await linkExclusive(temp, target)
    else await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await dir.sync()
  return lstat(target)
}

async function linkExclusive(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target)
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'EEXIST') throw new FsProblem('exists', -1)
    // Filesystems without hard links: check then rename (we are the only writer).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS')
      throw error
    if (await lstatOrNull(target)) throw new FsProblem('exists', -1)
    await rename(temp, target)
    return
  }
  await unlink(temp)
}

/** Lists a folder by name (sorted), without following links. */
export async function listDir(path: string): Promise<Dirent[]> {
  const entries = await readdir(path, { withFileTypes: true })
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * Visits every regular file and folder under `dir` (links and special files are skipped, never
 * followed); `onTemp` sees leftover temp files. Folders are visited before their contents.
 */
export async function walkTree(
  dir: Dir,
  visit: (entry: WalkEntry) => void,
  isTemp: (name: string) => boolean = () => false,
  onTemp?: (dir: Dir, name: string) => Promise<void>,
  prefix: string[] = []
): Promise<void> {
  let entries: Dirent[]
  try {
    entries = await readdir(dir.path, { withFileTypes: true })
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return
    throw error
  }
  for (const entry of entries) {
    if (entry.isFile() && isTemp(entry.name)) {
      await onTemp?.(dir, entry.name)
      continue
    }
    if (!entry.isFile() && !entry.isDirectory()) continue
    const info = await lstatOrNull(dir.at(entry.name))
    if (!info) continue
    const segments = [...prefix, entry.name]
    if (info.isFile()) {
      visit({ segments, kind: 'file', size: info.size, mtimeMs: info.mtimeMs })
    } else if (info.isDirectory()) {
      visit({ segments, kind: 'dir', size: info.size, mtimeMs: info.mtimeMs })
      const sub = await openChild(dir, entry.name).catch(() => null)
      if (!sub) continue
      try {
        await walkTree(sub, visit, isTemp, onTemp, segments)
      } finally {
        await sub.close()
      }
    }
  }
}

/** Opens `dir/name` as a folder without following a link. */
export async function openChild(dir: Dir, name: string): Promise<Dir> {
  const path = dir.at(name)
  if (!dir.path.startsWith('/proc/self/fd/')) {
    const info = await lstat(path)
    if (!info.isDirectory()) throw new FsProblem('not-dir', -1)
    return {
      path,
      at: (child) => join(path, child),
      stat: () => lstat(path),
      sync: () => syncPath(path),
      close: async () => undefined
    }
  }
  return handleDir(await open(path, DIR_FLAGS))
}

/** Removes `dir/name` and everything under it without ever following a link. */
export async function removeTree(dir: Dir, name: string): Promise<void> {
  const info = await lstat(dir.at(name))
  if (!info.isDirectory()) {
    await unlink(dir.at(name))
    return
  }
  if (!dir.path.startsWith('/proc/self/fd/')) {
    await rm(dir.at(name), { recursive: true })
    return
  }
  let sub: Dir
  try {
    sub = await openChild(dir, name)
  } catch (error) {
    // Swapped for a link since the lstat: remove the link itself, nothing behind it.
    if (errnoOf(error) === 'ELOOP' || errnoOf(error) === 'ENOTDIR') return unlink(dir.at(name))
    throw error
  }
  try {
    for (const entry of await readdir(sub.path)) await removeTree(sub, entry)
  } finally {
    await sub.close()
  }
  await rmdir(dir.at(name))
}

export async function syncPath(path: string): Promise<void> {
  // Windows cannot open a folder for fsync; the rename is as durable as that platform allows.
  if (process.platform === 'win32') return
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } catch (error) {
    if (errnoOf(error) !== 'EINVAL') throw error
  } finally {
    await handle.close()
  }
}

export { rename, unlink, mkdir, lstat }
