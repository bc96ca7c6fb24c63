import { randomUUID } from 'node:crypto'
import * as fs from 'node:fs'
import { constants, type Stats } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

// The jail's lowest rung: open folders as descriptors (or paths where /proc is missing), the
// problems met on the way, and the few helpers every other jail module shares.

export const fsyncAsync = promisify(fs.fsync)
export const fdatasyncAsync = promisify(fs.fdatasync)

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0
const O_DIRECTORY = constants.O_DIRECTORY ?? 0
const O_NONBLOCK = constants.O_NONBLOCK ?? 0
export const DIR_FLAGS = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW
// NONBLOCK: opening a FIFO someone planted must not hang the engine.
export const READ_FLAGS = constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK
export const PROC_PREFIX = '/proc/self/fd/'

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
  /** The file's ctime when it was opened (a read handed on checks it: see kernel/fresh-reads.ts). */
  ctimeMs?: number
  /** sha256 of `bytes`, when whoever read them hashed them already (see outside/read-ahead.ts). */
  hash?: string
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

export function tempName(): string {
  return `.cairn-${randomUUID()}.tmp`
}

export function fdDir(fd: number): Dir {
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

export function pathDir(path: string): Dir {
  return {
    path,
    at: (name) => join(path, name),
    stat: async () => fs.lstatSync(path),
    sync: () => syncPath(path),
    close: async () => undefined
  }
}

export function readAsync(
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

export function ignoreCode(...codes: string[]) {
  return (error: unknown): void => {
    if (!codes.includes(errnoOf(error) ?? '')) throw error
  }
}

export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd)
  } catch {
    // already closed
  }
}

export function mkdirQuietly(path: string): void {
  try {
    fs.mkdirSync(path, { mode: 0o700 })
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error
  }
}

export function lstatSyncOrNull(path: string): Stats | null {
  try {
    return fs.lstatSync(path)
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null
    throw error
  }
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
