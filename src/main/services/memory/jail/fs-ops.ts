import * as fs from 'node:fs'
import { type Dirent, type Stats } from 'node:fs'
import {
  errnoOf,
  fdatasyncAsync,
  FsProblem,
  lstatSyncOrNull,
  openChild,
  readAsync,
  READ_FLAGS,
  PROC_PREFIX,
  tempName,
  type Dir,
  type RegularFile
} from './fs-base'

// What is done inside an open folder: stat, open a regular file, write atomically, list, remove.
// Metadata calls and small reads and writes are synchronous (microseconds; see safe-fs.ts).

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
  exclusive: boolean,
  /**
   * Called once the bytes are written and their sync has started: history keeps them meanwhile.
   * Its sync started any earlier made the temp file's create wait on the filesystem journal.
   */
  written?: () => void,
  /**
   * Main-thread work (a hash of `data`) done while a big `data` is copied to the file on the
   * thread pool, so the two overlap; before `written`, whatever the size.
   */
  meanwhile?: () => void
): Promise<Stats> {
  const temp = dir.at(tempName())
  const target = dir.at(name)
  const fd = fs.openSync(temp, 'wx', 0o600)
  try {
    try {
      if (typeof data !== 'string' && data.byteLength > OVERLAP_BYTES) {
        const writing = writeAll(fd, data)
        try {
          meanwhile?.()
        } finally {
          await writing // never left running on a descriptor about to close
        }
      } else {
        meanwhile?.()
        fs.writeFileSync(fd, data)
      }
      // The sync runs on the thread pool while `written` compresses and appends history's copy
      // on this thread: the two overlap (the copy never waited on the sync, only the folder's did).
      const syncing = fdatasyncAsync(fd)
      try {
        written?.()
      } finally {
        await syncing // never left running on a descriptor about to close
      }
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

/** Above this, `writeAtomic` copies the bytes to the file on the thread pool (see `meanwhile`). */
const OVERLAP_BYTES = 1024 * 1024

/** Writes all of `data` at the start of the new file `fd`, on the thread pool. */
async function writeAll(fd: number, data: Uint8Array): Promise<void> {
  for (let done = 0; done < data.byteLength;) {
    done += await new Promise<number>((resolve, reject) =>
      fs.write(fd, data, done, data.byteLength - done, done, (error, bytes) =>
        error ? reject(error) : resolve(bytes)
      )
    )
  }
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

/** Removes the folder `dir/name` if it is empty (true); a file, a link or a full folder stays. */
export function removeIfEmpty(dir: Dir, name: string): boolean {
  try {
    // rmdir removes only an empty folder, and never follows a link (ENOTDIR for one).
    fs.rmdirSync(dir.at(name))
    return true
  } catch {
    return false
  }
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

export async function rename(from: string, to: string): Promise<void> {
  fs.renameSync(from, to)
}

export async function unlink(path: string): Promise<void> {
  fs.unlinkSync(path)
}
