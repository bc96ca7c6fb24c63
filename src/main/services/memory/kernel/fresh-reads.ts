import type { Stats } from 'node:fs'
import type { FileRead } from '../jail/fs-base'

/** A whole file's bytes as read, with their sha256 and the stat they were read under. */
export type HashedRead = FileRead & { hash: string; ctimeMs: number }

/**
 * Files read and hashed a moment ago in the command running now (its catch-up rehashes what it
 * is about to change), so the command's own read of the same file takes those bytes instead of
 * reading and hashing them again (a 5 MB edit read and hashed its file twice). A read is handed
 * over once, and only while the file's inode, size, mtime and ctime are still the ones it was
 * read under: the window is the one the second read had. `clear` ends what a command held.
 */
export class FreshReads {
  private readonly held = new Map<string, HashedRead>()

  remember(rel: string, read: FileRead): void {
    if (read.complete && read.hash !== undefined && read.ctimeMs !== undefined)
      this.held.set(rel, read as HashedRead)
  }

  /** The bytes read of `rel`, when `info` (a stat of the file now open) says they still hold. */
  take(
    rel: string,
    info: Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>
  ): HashedRead | undefined {
    const read = this.held.get(rel)
    this.held.delete(rel)
    if (!read) return undefined
    const same =
      read.ino === info.ino &&
      read.size === info.size &&
      read.mtimeMs === info.mtimeMs &&
      read.ctimeMs === info.ctimeMs
    return same ? read : undefined
  }

  clear(): void {
    this.held.clear()
  }
}
