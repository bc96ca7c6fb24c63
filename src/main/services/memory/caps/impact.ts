import {
  CANDIDATES_MAX,
  type ArchiveCandidate,
  type CapImpact,
  type CapImpactInput
} from '@shared/memory/caps'
import type { Ctx } from '../kernel/context'
import { compileGlobs } from '../core/glob'
import { displayOf } from '../jail/paths'

// Usage measured against caps (the ones in force, or ones the user is about to save), and the
// files that could make room: the largest, and those unused the longest. From the index only.

/** Keeps the `max` best items seen by `better`, best first, in one pass (no sort of every file). */
class TopList<T> {
  readonly items: T[] = []
  constructor(
    private readonly max: number,
    private readonly better: (a: T, b: T) => boolean
  ) {}

  offer(item: T): void {
    const { items } = this
    if (items.length === this.max && !this.better(item, items[items.length - 1] as T)) return
    let at = items.length
    while (at > 0 && this.better(item, items[at - 1] as T)) at--
    items.splice(at, 0, item)
    if (items.length > this.max) items.pop()
  }
}

export function capImpact(
  ctx: Pick<Ctx, 'index' | 'limits' | 'expiry'>,
  input: CapImpactInput = {}
): CapImpact {
  const limits = {
    maxFileBytes: input?.maxFileBytes ?? ctx.limits.maxFileBytes,
    maxTotalBytes: input?.maxTotalBytes ?? ctx.limits.maxTotalBytes,
    maxFiles: input?.maxFiles ?? ctx.limits.maxFiles
  }
  const pinned = compileGlobs(ctx.expiry.pinned)
  // Ties go by path, so the lists do not reorder between calls.
  const largest = new TopList<ArchiveCandidate>(
    CANDIDATES_MAX,
    (a, b) => a.size > b.size || (a.size === b.size && a.path < b.path)
  )
  const oldest = new TopList<ArchiveCandidate>(
    CANDIDATES_MAX,
    (a, b) => a.lastUsed < b.lastUsed || (a.lastUsed === b.lastUsed && a.path < b.path)
  )
  let overFileCap = 0
  for (const [rel, entry] of ctx.index.entries()) {
    if (entry.size > limits.maxFileBytes) overFileCap++
    const candidate: ArchiveCandidate = {
      path: displayOf(rel),
      size: entry.size,
      // The idle clock expiry uses: last read or change through the app, or by another program.
      lastUsed: Math.max(entry.accessed, entry.modified),
      pinned: pinned(rel)
    }
    largest.offer(candidate)
    oldest.offer(candidate)
  }
  return {
    files: ctx.index.fileCount,
    totalBytes: ctx.index.totalBytes,
    limits,
    overFileCap,
    largest: largest.items,
    oldest: oldest.items
  }
}
