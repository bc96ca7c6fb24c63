import type { ExpiredItem, ExpiryPreviewItem, ExpiryReason } from '@shared/memory/expiry'
import type { ExpiryPolicy } from '@shared/memory/memory'
import { clockPhrase, plural } from '@shared/words'
import type { Ctx } from '../kernel/context'
import { compileGlobs } from '../core/glob'
import type { Pace } from '../core/pace'
import type { IndexEntry } from '../ledger/index-store'
import { displayOf, parseMemoryPath } from '../jail/paths'
import { lstatOrNull, removeTree } from '../jail/fs-ops'
import { freshArchiveDir, moveToArchive } from './archive'

// Files expire by policy (idle: not read or changed for N days; age: N days
// since created) or by their own front-matter `expires:` date; pinned globs never expire.

const DAY = 24 * 60 * 60 * 1000

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
  const judge = judgeOf(ctx, days, policy)
  const items: ExpiryPreviewItem[] = []
  for (const [rel, entry] of ctx.index.entries()) {
    const item = judge(rel, entry)
    if (item) items.push(item)
  }
  return soonestFirst(items)
}

/** `preview` of the saved policy handing the event loop back between slices (a 100,000-file open). */
export async function previewPaced(
  ctx: Ctx,
  days: number,
  pace: Pace
): Promise<ExpiryPreviewItem[]> {
  const judge = judgeOf(ctx, days, ctx.expiry)
  const items: ExpiryPreviewItem[] = []
  for (const [rel, entry] of ctx.index.entries()) {
    await pace()
    const item = judge(rel, entry)
    if (item) items.push(item)
  }
  return soonestFirst(items)
}

function judgeOf(
  ctx: Ctx,
  days: number,
  policy: ExpiryPolicy
): (rel: string, entry: IndexEntry) => ExpiryPreviewItem | undefined {
  const dueOf = makeDueOf(policy)
  const horizon = ctx.now() + days * DAY
  return (rel, entry) => {
    const due = dueOf(rel, entry)
    if (!due || due.at > horizon) return undefined
    return {
      path: displayOf(rel),
      expiresAt: due.at,
      reason: due.reason,
      action: policy.action,
      size: entry.size
    }
  }
}

function soonestFirst(items: ExpiryPreviewItem[]): ExpiryPreviewItem[] {
  return items.sort((a, b) => a.expiresAt - b.expiresAt || a.path.localeCompare(b.path))
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

/** The activity-log line for one expiry. */
export function expiryMessage(item: ExpiredItem, days: number): string {
  const how = item.archiveId ? `archived as ${item.archiveId}` : 'deleted'
  return `Expired (${whyOf(item.reason, days)}) and ${how}.`
}

/** The one activity-log line for a sweep: how many files, why, and where they went. */
export function sweepMessage(items: readonly ExpiredItem[], days: number): string {
  const [first] = items
  if (!first || items.length === 1) return first ? expiryMessage(first, days) : ''
  const reasons = [...new Set(items.map((item) => item.reason))]
  const why = reasons
    .map((reason) => {
      const count = items.filter((item) => item.reason === reason).length
      const phrase = whyOf(reason, days)
      return reasons.length === 1 ? phrase : `${count}: ${phrase}`
    })
    .join('; ')
  const how = first.archiveId ? `archived them as ${first.archiveId}` : 'deleted them'
  return `Expired ${plural(items.length, 'file')} (${why}) and ${how}.`
}

function whyOf(reason: ExpiryReason, days: number): string {
  return reason === 'front-matter'
    ? 'its front-matter expires date passed'
    : reason === 'idle'
      ? clockPhrase('idle', days)
      : `created more than ${plural(days, 'day')} ago`
}
