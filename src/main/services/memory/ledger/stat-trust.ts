import { isStatKey, statKey } from '../jail/big-file'
import type { IndexEntry, MemoryIndex } from './index-store'

// When the index may stand in for reading a file: git's "racy" rule with the inode added. A
// file's (inode, size, mtime) recorded more than RACY_MS after its mtime still describes the
// same bytes while all three match: an edit of the same size within the filesystem's timestamp
// granularity could only have happened before the record was taken. A record taken sooner is
// racy and the file is read again. The inode is what `rsync -t` (a new file renamed over, its
// mtime put back) cannot restore.

/** Wider than the coarsest mtime granularity in use (FAT's 2 s). */
export const RACY_MS = 3_000

/** What a stat says of a file, as far as the index compares it. */
export interface StatIdentity {
  size: number
  mtimeMs: number
  ino: number
}

/**
 * The stat fields an entry records, taken now. Wall-clock time on purpose, never the engine's
 * injected clock: it is compared with the filesystem's mtimes.
 */
export function statRecord(info: StatIdentity): Pick<IndexEntry, 'ino' | 'statAt'> {
  return { ino: info.ino, statAt: Date.now() }
}

/**
 * The index's entry still describes the file a stat just saw: same inode, size and mtime, and a
 * record taken late enough to trust. An entry of an older version (no inode) is never trusted.
 */
export function stillSame(known: IndexEntry | undefined, seen: StatIdentity): boolean {
  // A big file's identity is its stat (big-file.ts): reading it again would tell nothing more.
  if (known && isStatKey(known.hash)) return known.hash === statKey(seen)
  return (
    known !== undefined &&
    known.size === seen.size &&
    known.mtimeMs === seen.mtimeMs &&
    known.ino === seen.ino &&
    known.statAt !== undefined &&
    known.statAt - known.mtimeMs > RACY_MS
  )
}

/**
 * `stillSame`, or an entry an older version wrote (no inode, no time) that matches as that
 * version judged it, by size and mtime: it takes the stat's inode and the time now, so an
 * upgrade does not read every file again (nor keep each one's bytes in history).
 */
export function trustOrAdopt(index: MemoryIndex, rel: string, seen: StatIdentity): boolean {
  const known = index.get(rel)
  if (stillSame(known, seen)) return true
  const legacy =
    known !== undefined &&
    known.ino === undefined &&
    known.size === seen.size &&
    known.mtimeMs === seen.mtimeMs
  if (legacy) index.touch(rel, statRecord(seen))
  return legacy
}
