import * as fs from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { CairnError } from '@shared/errors'
import { ToolError } from '../core/tool-error'
import {
  closeQuietly,
  DIR_FLAGS,
  errnoOf,
  fdDir,
  fsyncAsync,
  FsProblem,
  lstatSyncOrNull,
  mkdirQuietly,
  pathDir,
  PROC_PREFIX,
  syncPath,
  type Dir
} from './fs-base'

// Every path below the root is reached one name at a time from an open folder descriptor
// (`/proc/self/fd/N/name`, Linux's openat), opening each level with O_NOFOLLOW: a symlink at any
// level is refused, and a folder swapped for a symlink mid-operation cannot redirect us outside.
// Elsewhere (no /proc) the same walk runs on paths with an lstat at every level.
//
// Metadata calls and the small reads and writes are synchronous: each takes microseconds, where a
// thread-pool round trip costs tens. fsync, the one call that can take long, stays asynchronous.

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
