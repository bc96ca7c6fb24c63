import { copyFile, lstat, mkdir, open, readdir, rm, rmdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { ArchivedItem } from '@shared/memory/expiry'
import type { Ctx } from '../kernel/context'
import { frontMatterExpiry } from '../core/front-matter'
import { displayOf, type MemoryPath } from '../jail/paths'
import { errnoOf, syncPath } from '../jail/fs-base'
import { lstatOrNull, removeIfEmpty, rename } from '../jail/fs-ops'
import { ToolError } from '../core/tool-error'

// The archive folder (in the state folder, outside the root): expiry and the user's "archive to
// make room" move files into it; the inspector lists it and restores from it.

// What archiveStamp makes (plus a counter for two sweeps in one millisecond), and nothing else.
const ARCHIVE_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z(?:-\d+)?$/

/** Archive folder names are timestamps that sort in time order and are valid on every OS. */
export function archiveStamp(now: number): string {
  return new Date(now).toISOString().replace(/:/g, '-')
}

/**
 * Moves one file into the archive folder `archiveId` under the same path (expiry, and the user's
 * own "archive to make room"). False when there is no file there any more; the index is the
 * caller's to update.
 */
export async function moveToArchive(
  ctx: Ctx,
  archiveRoot: string,
  archiveId: string,
  path: MemoryPath
): Promise<boolean> {
  const moved = await ctx.fs.withDir(path.segments.slice(0, -1), async (dir) => {
    const name = path.segments.at(-1) as string
    const info = await lstatOrNull(dir.at(name))
    if (!info?.isFile()) return false
    const target = join(archiveRoot, archiveId, ...path.segments)
    await mkdir(dirname(target), { recursive: true, mode: 0o700 })
    await moveAcross(dir.at(name), target)
    await syncPath(dirname(target))
    await dir.sync()
    return true
  })
  if (moved) await pruneEmptyParents(ctx, path)
  return moved
}

/**
 * The folders the move left empty go too, up to (not including) the memory root: a sweep that
 * emptied `old/` leaves no empty `old/` in the tree. A folder with anything in it stays.
 * (An undo prunes the same way: history/revert.ts.)
 */
export async function pruneEmptyParents(ctx: Ctx, path: MemoryPath): Promise<void> {
  for (let depth = path.segments.length - 1; depth >= 1; depth--) {
    const folder = path.segments[depth - 1] as string
    const removed = await ctx.fs.withDir(path.segments.slice(0, depth - 1), async (parent) => {
      const gone = removeIfEmpty(parent, folder)
      if (gone) await parent.sync()
      return gone
    })
    if (!removed) return
  }
}

/** A new, empty archive folder named for `now` (a counter added when the name is taken). */
export async function freshArchiveDir(archiveRoot: string, now: number): Promise<string> {
  await mkdir(archiveRoot, { recursive: true, mode: 0o700 })
  const base = archiveStamp(now)
  for (let n = 0; ; n++) {
    const id = n === 0 ? base : `${base}-${n}`
    try {
      await mkdir(join(archiveRoot, id), { mode: 0o700 })
      return id
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error
    }
  }
}

/** rename, or copy then remove when the archive sits on another disk. */
export async function moveAcross(from: string, to: string): Promise<void> {
  try {
    await rename(from, to)
  } catch (error) {
    if (errnoOf(error) !== 'EXDEV') throw error
    await copyFile(from, to)
    await rm(from)
  }
}

/** Everything in the archive, newest archive first. */
export async function listArchived(archiveRoot: string): Promise<ArchivedItem[]> {
  const items: ArchivedItem[] = []
  const ids = (await readdir(archiveRoot).catch(() => [] as string[])).sort().reverse()
  for (const archiveId of ids) items.push(...(await listArchiveFolder(archiveRoot, archiveId)))
  return items
}

/** The files of one archive folder (one sweep's, or one "archive to make room"). */
export async function listArchiveFolder(
  archiveRoot: string,
  archiveId: string
): Promise<ArchivedItem[]> {
  const items: ArchivedItem[] = []
  const archivedAt = Date.parse(
    archiveId.replace(/T(\d{2})-(\d{2})-(\d{2})/, 'T$1:$2:$3').replace(/-\d+$/, '')
  )
  const entries = await readdir(join(archiveRoot, archiveId), {
    recursive: true,
    withFileTypes: true
  }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = join(entry.parentPath, entry.name)
    const rel = full
      .slice(join(archiveRoot, archiveId).length + 1)
      .split(/[\\/]/)
      .join('/')
    const info = await lstat(full)
    const item: ArchivedItem = {
      archiveId,
      path: displayOf(rel),
      size: info.size,
      archivedAt: Number.isFinite(archivedAt) ? archivedAt : info.mtimeMs
    }
    // Its own date, so restoring can ask whether to keep it.
    const expires = frontMatterExpiry(await headOf(full))
    if (expires !== undefined) item.expires = expires
    items.push(item)
  }
  return items
}

/** The first 4 KiB of a file as text (where front-matter lives); '' when unreadable. */
export async function headOf(path: string): Promise<string> {
  const file = await open(path, 'r').catch(() => undefined)
  if (!file) return ''
  try {
    const buffer = Buffer.alloc(4096)
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } catch {
    return ''
  } finally {
    await file.close()
  }
}

/** The archived file for (archiveId, path), checked so neither can point outside the archive. */
export function archivedFile(
  archiveRoot: string,
  archiveId: string,
  segments: readonly string[]
): string {
  if (!ARCHIVE_ID.test(archiveId)) {
    throw new ToolError(
      'invalid',
      `Error: There is no archive named ${JSON.stringify(archiveId).slice(0, 80)}.`
    )
  }
  return join(archiveRoot, archiveId, ...segments)
}

/** Removes now-empty folders from `start` up to (not including) `stop`. */
export async function pruneEmpty(start: string, stop: string): Promise<void> {
  for (let dir = start; dir.startsWith(stop) && dir !== stop; dir = dirname(dir)) {
    try {
      await rmdir(dir)
    } catch {
      return
    }
  }
}
