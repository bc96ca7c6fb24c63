import { capsReached, roomNeeded, type ArchiveCandidate, type CapImpact } from '@shared/memory/caps'

// Choosing files to archive when memory is over a cap: which to offer first, which to tick at the
// start (the fewest, in the chosen order, that bring memory back under every cap), and what the
// choice leaves.

export type RoomOrder = 'oldest' | 'largest'

/**
 * The files to tick at the start: in `order`, skipping pinned files, until there is room for a new
 * file and memory is under its total cap; plus, when files are over the per-file cap, those files.
 */
export function preselect(impact: CapImpact, order: RoomOrder): Set<string> {
  const list = impact[order]
  const need = roomNeeded(impact)
  const chosen = new Set<string>()
  let files = 0
  let bytes = 0
  for (const candidate of list) {
    if (files >= need.files && bytes >= need.bytes) break
    if (candidate.pinned) continue
    chosen.add(candidate.path)
    files++
    bytes += candidate.size
  }
  if (capsReached(impact).includes('file')) {
    for (const candidate of list)
      if (!candidate.pinned && candidate.size > impact.limits.maxFileBytes)
        chosen.add(candidate.path)
  }
  return chosen
}

export interface AfterArchive {
  files: number
  totalBytes: number
  /** Bytes the chosen files free. */
  freed: number
  /** Files over the per-file cap that stay. */
  overFileCap: number
  /** True when no cap refuses anything any more. */
  clear: boolean
}

/** What memory holds once `chosen` is archived, and whether every cap is clear then. */
export function afterArchive(
  impact: CapImpact,
  candidates: readonly ArchiveCandidate[],
  chosen: ReadonlySet<string>
): AfterArchive {
  let freed = 0
  let count = 0
  let bigGone = 0
  for (const candidate of candidates) {
    if (!chosen.has(candidate.path)) continue
    freed += candidate.size
    count++
    if (candidate.size > impact.limits.maxFileBytes) bigGone++
  }
  const after = {
    ...impact,
    files: impact.files - count,
    totalBytes: impact.totalBytes - freed,
    overFileCap: impact.overFileCap - bigGone
  }
  return {
    files: after.files,
    totalBytes: after.totalBytes,
    freed,
    overFileCap: after.overFileCap,
    clear: capsReached(after).length === 0
  }
}

/** Both lists hold the same files in different orders (each up to 100): one entry per path. */
export function allCandidates(impact: CapImpact): ArchiveCandidate[] {
  const byPath = new Map<string, ArchiveCandidate>()
  for (const candidate of [...impact.largest, ...impact.oldest])
    byPath.set(candidate.path, candidate)
  return [...byPath.values()]
}
