import { copyFile, lstat, mkdir, open, readdir, rm, rmdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type {
  ArchivedItem,
  ExpiredItem,
  ExpiryPolicy,
  ExpiryPreviewItem,
  ExpiryReason
} from '@shared/memory'
import { clockPhrase, plural } from '@shared/words'
import type { Ctx } from '../kernel/context'
import { frontMatterExpiry } from '../core/front-matter'
import { compileGlobs } from '../core/glob'
import type { IndexEntry } from '../ledger/index-store'
import { displayOf, parseMemoryPath, type MemoryPath } from '../jail/paths'
import { errnoOf, lstatOrNull, rename, removeTree, syncPath } from '../jail/safe-fs'
import { ToolError } from '../jail/io-failure'

// Files expire by policy (idle: not read or changed for N days; age: N days
// since created) or by their own front-matter `expires:` date; pinned globs never expire.

const DAY = 24 * 60 * 60 * 1000
// What archiveStamp makes (plus a counter for two sweeps in one millisecond), and nothing else.
const ARCHIVE_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z(?:-\d+)?$/

export interface Due {
  at: number
  reason: ExpiryReason
}

export function makeDueOf(
  policy: ExpiryPolicy
): (rel: string, entry: IndexEntry) => Due | undefined {
  const pinned = compileGlobs(policy.pinned)
  const span = policy.days * DAY
  return (rel, entry) => {
    if (pinned(rel)) return undefined
    if (entry.expiresAt !== undefined) return { at: entry.expiresAt, reason: 'front-matter' }
    // Idle: not read or changed, through the app or (modified) by another program.
    if (policy.mode === 'idle')
      return { at: Math.max(entry.accessed, entry.modified) + span, reason: 'idle' }
    if (policy.mode === 'age') return { at: entry.created + span, reason: 'age' }
    return undefined
  }
}

/**
 * What expires within `days` from now (already due included), soonest first, under `policy`
 * (the saved one unless a draft is asked about).
 */
export function preview(ctx: Ctx, days: number, policy = ctx.expiry): ExpiryPreviewItem[] {
  const dueOf = makeDueOf(policy)
  const horizon = ctx.now() + days * DAY
  const items: ExpiryPreviewItem[] = []
  for (const [rel, entry] of ctx.index.entries()) {
    const due = dueOf(rel, entry)
    if (due && due.at <= horizon) {
      items.push({
        path: displayOf(rel),
        expiresAt: due.at,
        reason: due.reason,
        action: policy.action,
        size: entry.size
      })
    }
  }
  return items.sort((a, b) => a.expiresAt - b.expiresAt || a.path.localeCompare(b.path))
}

/** Archive folder names are timestamps that sort in time order and are valid on every OS. */
export function archiveStamp(now: number): string {
  return new Date(now).toISOString().replace(/:/g, '-')
}

/**
 * Removes or archives everything due now (of `only`, when given: what the user confirmed); each
 * item is returned for the activity log.
 */
export async function expireDue(
  ctx: Ctx,
  archiveRoot: string,
  only?: ReadonlySet<string>
): Promise<ExpiredItem[]> {
  const due = preview(ctx, 0).filter((item) => !only || only.has(item.path))
  if (due.length === 0) return []
  const archiveId =
    ctx.expiry.action === 'archive' ? await freshArchiveDir(archiveRoot, ctx.now()) : undefined
  const done: ExpiredItem[] = []
  for (const item of due) {
    const parsed = parseMemoryPath(item.path)
    if (!parsed.ok) continue
    const path = parsed.path
    try {
      // A file already gone is dropped from the index all the same.
      if (archiveId) await moveToArchive(ctx, archiveRoot, archiveId, path)
      else
        await ctx.fs.withDir(path.segments.slice(0, -1), async (dir) => {
          const name = path.segments.at(-1) as string
          const info = await lstatOrNull(dir.at(name))
          if (!info?.isFile()) return
          await removeTree(dir, name)
          await dir.sync()
        })
    } catch {
      continue // gone or unreachable: the next reconcile settles the index
    }
    ctx.index.delete(path.rel)
    ctx.index.noteExpired(path.rel, {
      at: ctx.now(),
      reason: item.reason,
      action: ctx.expiry.action,
      ...(archiveId ? { archiveId } : {})
    })
    done.push(archiveId ? { ...item, archiveId } : item)
  }
  return done
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
  return ctx.fs.withDir(path.segments.slice(0, -1), async (dir) => {
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
async function moveAcross(from: string, to: string): Promise<void> {
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
  for (const archiveId of ids) {
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

export { moveAcross }

/** The activity-log line for one expiry. */
export function expiryMessage(item: ExpiredItem, days: number): string {
  const why =
    item.reason === 'front-matter'
      ? 'its front-matter expires date passed'
      : item.reason === 'idle'
        ? clockPhrase('idle', days)
        : `created more than ${plural(days, 'day')} ago`
  const how = item.archiveId ? `archived as ${item.archiveId}` : 'deleted'
  return `Expired (${why}) and ${how}.`
}
