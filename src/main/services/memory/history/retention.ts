import type { HistoryRetention } from '@shared/settings'
import type { HistoryRecord } from './journal'

const DAY = 24 * 60 * 60 * 1000

export interface PrunePlan {
  /** Seqs of the records to drop. */
  drop: Set<number>
  /** Blobs no kept record and no current file needs. */
  unneeded: string[]
}

/**
 * Oldest-first pruning: a record goes when it is older than `maxDays` or the blobs are over
 * `maxBytes`, unless it holds one of the latest `keepLatest` versions of a path (which also covers
 * whatever a pending undo needs: an undo only needs its own entry's before-text). Blobs of current
 * files are never freed.
 */
export function planPrune(
  records: readonly HistoryRecord[],
  retention: HistoryRetention,
  blobs: { hashes(): Iterable<string>; sizeOf(hash: string): number; totalBytes: number },
  current: ReadonlySet<string>,
  now: number
): PrunePlan {
  const protectedSeqs = new Set<number>()
  const seen = new Map<string, number>()
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i] as HistoryRecord
    for (const ref of record.versions) {
      for (const path of ref.from ? [ref.path, ref.from] : [ref.path]) {
        const count = (seen.get(path) ?? 0) + 1
        seen.set(path, count)
        if (count <= retention.keepLatest) protectedSeqs.add(record.seq)
      }
    }
  }
  const refs = new Map<string, number>()
  const hashesOf = (record: HistoryRecord): string[] =>
    record.versions.flatMap((ref) => [ref.before, ref.after]).filter((h): h is string => !!h)
  for (const record of records)
    for (const hash of hashesOf(record)) refs.set(hash, (refs.get(hash) ?? 0) + 1)
  let bytes = blobs.totalBytes
  // Blobs nothing refers to (orphans of a crash, leftovers) count as freed from the start.
  const unneeded: string[] = []
  for (const hash of blobs.hashes()) {
    if (!refs.has(hash) && !current.has(hash)) {
      unneeded.push(hash)
      bytes -= blobs.sizeOf(hash)
    }
  }
  const oldest = now - retention.maxDays * DAY
  const drop = new Set<number>()
  for (const record of records) {
    const tooOld = Date.parse(record.time) < oldest
    if (!tooOld && bytes <= retention.maxBytes) break
    if (protectedSeqs.has(record.seq)) continue
    drop.add(record.seq)
    for (const hash of hashesOf(record)) {
      const left = (refs.get(hash) ?? 1) - 1
      refs.set(hash, left)
      if (left === 0 && !current.has(hash) && blobs.sizeOf(hash) > 0) {
        unneeded.push(hash)
        bytes -= blobs.sizeOf(hash)
      }
    }
  }
  return { drop, unneeded }
}
