import type { HistoryRetention } from '@shared/app/settings'
import { formatBytes } from '@shared/sizes'
import type { HistoryRecord } from './journal'

const DAY = 24 * 60 * 60 * 1000

export interface PrunePlan {
  /** Seqs of the records to drop. */
  drop: Set<number>
  /** Blobs no kept record needs (orphans, and those only dropped records named). */
  unneeded: string[]
  /** Of `drop`, how many went for their age (the rest went for the size limit). */
  byAge: number
}

interface Blobs {
  hashes(): Iterable<string>
  sizeOf(hash: string): number
  totalBytes: number
}

/**
 * Which records and blobs go so that the blobs fit in `maxBytes` (and none is older than
 * `maxDays`). Oldest records go first, in three passes:
 * 1. records older than `maxDays`, and, once the blobs are over `maxBytes`, records down to
 *    7/8 of it (room ahead, so pruning and compaction do not run on every write), except the
 *    latest `keepLatest` versions of each path;
 * 2. if still over `maxBytes`, those latest versions too, down to the same 7/8: they are protected
 *    only while the limit allows (a deleted path's versions are not exempt either);
 * 3. while still over, blobs no record names: current files' texts, then `named` (texts an entry
 *    being recorded names), largest first.
 * Blobs of current files and `named` ones are otherwise kept even when no kept record names them.
 */
export function planPrune(
  records: readonly HistoryRecord[],
  retention: HistoryRetention,
  blobs: Blobs,
  current: ReadonlySet<string>,
  now: number,
  named: ReadonlySet<string> = new Set()
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
  for (const record of records)
    for (const hash of hashesOf(record)) refs.set(hash, (refs.get(hash) ?? 0) + 1)
  const kept = (hash: string): boolean => current.has(hash) || named.has(hash)
  let bytes = blobs.totalBytes
  const unneeded: string[] = []
  const gone = new Set<string>()
  const free = (hash: string): void => {
    if (gone.has(hash)) return
    gone.add(hash)
    unneeded.push(hash)
    bytes -= blobs.sizeOf(hash)
  }
  // Blobs nothing refers to (orphans of a crash, leftovers) go from the start.
  for (const hash of blobs.hashes()) if (!refs.has(hash) && !kept(hash)) free(hash)

  const drop = new Set<number>()
  let byAge = 0
  const dropRecord = (record: HistoryRecord): void => {
    drop.add(record.seq)
    for (const hash of hashesOf(record)) {
      const left = (refs.get(hash) ?? 1) - 1
      refs.set(hash, left)
      if (left === 0 && !kept(hash) && blobs.sizeOf(hash) > 0) free(hash)
    }
  }
  const max = retention.maxBytes
  const target = bytes > max ? max - Math.floor(max / 8) : max
  const oldest = now - retention.maxDays * DAY
  for (const record of records) {
    const tooOld = Date.parse(record.time) < oldest
    if (!tooOld && bytes <= target) break
    if (protectedSeqs.has(record.seq)) continue
    if (tooOld) byAge += 1
    dropRecord(record)
  }
  if (bytes > max) {
    for (const record of records) {
      if (bytes <= target) break
      if (!drop.has(record.seq)) dropRecord(record)
    }
  }
  if (bytes > max) {
    const left = [...blobs.hashes()].filter((hash) => !gone.has(hash))
    const rank = (hash: string): number => (named.has(hash) ? 1 : 0)
    left.sort((a, b) => rank(a) - rank(b) || blobs.sizeOf(b) - blobs.sizeOf(a))
    for (const hash of left) {
      if (bytes <= max) break
      free(hash)
    }
  }
  return { drop, unneeded, byAge }
}

export function hashesOf(record: HistoryRecord): string[] {
  return record.versions.flatMap((ref) => [ref.before, ref.after]).filter((h): h is string => !!h)
}

/**
 * What one pruning says in the activity log: how many versions of how many files went, and why;
 * with enough paths to find the entry from a file's activity (the count is in the message).
 */
export function pruneSummary(
  dropped: readonly HistoryRecord[],
  plan: PrunePlan,
  retention: HistoryRetention
): { message: string; paths: string[] } {
  const paths = new Set<string>()
  let versions = 0
  for (const record of dropped) {
    for (const ref of record.versions) {
      versions += 1
      paths.add(ref.path)
    }
  }
  const files = paths.size
  const why =
    plan.byAge === dropped.length
      ? `older than ${retention.maxDays} days`
      : `to stay under ${formatBytes(retention.maxBytes)}`
  return {
    message: `History pruned ${versions} old ${versions === 1 ? 'version' : 'versions'} of ${files} ${files === 1 ? 'file' : 'files'} ${why}`,
    paths: [...paths].slice(0, 100)
  }
}
