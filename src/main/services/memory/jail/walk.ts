import * as fs from 'node:fs'
import { type Dirent, type Stats } from 'node:fs'
import { errnoOf, lstatSyncOrNull, openChild, type Dir } from './fs-base'

/** Deepest folder the walk enters: the tool refuses paths deeper than this (paths.ts MAX_DEPTH). */
export const WALK_MAX_DEPTH = 32

export interface WalkEntry {
  /** Segments relative to the walk's start folder. */
  segments: string[]
  kind: 'file' | 'dir'
  size: number
  mtimeMs: number
  ino: number
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
  // Listed off the main thread (only the Dirents are made on it): 100 folders of 1,000 names
  // took 55 ms of main-thread CPU listed in place, 8 ms so; one folder of 100,000, one 55 ms task.
  const read = async (at: Dir, prefix: string[]): Promise<Dirent[] | null> => {
    try {
      const names = await fs.promises.readdir(at.path, { withFileTypes: true })
      return sorted ? names.sort(byName) : names
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return []
      skipped.push({ segments: prefix, reason: 'unreadable', ...codeOf(error) })
      return null
    }
  }
  const stack: WalkFrame[] = [
    { dir, owned: false, prefix: [], names: (await read(dir, [])) ?? [], next: 0 }
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
      const ino = wantStat ? (info?.ino ?? 0) : 0
      visit({ segments, kind: isDir ? 'dir' : 'file', size, mtimeMs, ino })
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
      const names = await read(sub, segments)
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
