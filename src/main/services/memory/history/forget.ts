import type { ForgetInput, HistoryHit } from '@shared/memory/history'
import type { ActivityActor } from '@shared/memory/memory'
import type { NewActivity } from '../ledger/activity-log'
import type { Pace } from '../core/pace'
import type { HistoryRecord } from './journal'
import { hashesOf } from './retention'
import { versionsOf } from './versions'

// "Forget" (issue 23): which versions a request names, and finding a text the user pasted in
// every version history holds. Purging is the History's (packs rewritten, journal listing).

/** The most hits one search answers with; enough to review, bounded for the bridge. */
export const HITS_MAX = 500
const SNIPPET_CHARS = 120

/** The versions (sha256s) a request names; `text` is resolved by the caller's search. */
export function hashesNamed(
  what: Exclude<ForgetInput, { what: 'text' | 'archived' }>,
  records: readonly HistoryRecord[]
): Set<string> {
  if (what.what === 'version') return new Set([what.hash])
  if (what.what === 'entry') {
    const record = records.find((one) => one.seq === what.seq)
    return new Set(record ? hashesOf(record) : [])
  }
  const hashes = new Set<string>()
  for (const version of versionsOf(records, what.path, () => true)) {
    if (version.hash) hashes.add(version.hash)
    if (version.before) hashes.add(version.before)
  }
  return hashes
}

interface Source {
  hashes(): Iterable<string>
  read(hash: string): Promise<Buffer | null>
}

/**
 * Every version history holds whose text contains `needle` (exactly, case and all: a secret is
 * matched as pasted), with the places that name it. The needle itself is never in an answer.
 */
export async function findInVersions(
  source: Source,
  records: readonly HistoryRecord[],
  current: ReadonlySet<string>,
  needle: string,
  pace: Pace
): Promise<{ hits: HistoryHit[]; searched: number }> {
  const places = placesOf(records)
  const hits: HistoryHit[] = []
  let searched = 0
  for (const hash of [...source.hashes()]) {
    await pace()
    const bytes = await source.read(hash)
    if (!bytes) continue
    searched += 1
    const text = bytes.toString('utf8')
    const first = text.indexOf(needle)
    if (first < 0) continue
    if (hits.length < HITS_MAX)
      hits.push({
        hash,
        places: places.get(hash) ?? [],
        count: text.split(needle).length - 1,
        ...snippetAt(text, first, needle),
        current: current.has(hash)
      })
  }
  return { hits, searched }
}

/** The line holding the first match, the match masked and the line cut to a readable length. */
function snippetAt(text: string, at: number, needle: string): { line: number; snippet: string } {
  const start = text.lastIndexOf('\n', at - 1) + 1
  const endAt = text.indexOf('\n', at + needle.length)
  const end = endAt < 0 ? text.length : endAt
  const line = text.slice(0, at).split('\n').length
  const whole = text.slice(start, end).split(needle).join('•••')
  const masked = whole.indexOf('•••')
  const from = Math.max(0, masked - SNIPPET_CHARS / 2)
  const cut = whole.slice(from, from + SNIPPET_CHARS)
  return {
    line,
    snippet: `${from > 0 ? '…' : ''}${cut}${from + SNIPPET_CHARS < whole.length ? '…' : ''}`
  }
}

/** hash → the paths and entries naming it as a version, newest first. */
function placesOf(records: readonly HistoryRecord[]): Map<string, HistoryHit['places']> {
  const out = new Map<string, HistoryHit['places']>()
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i] as HistoryRecord
    for (const ref of record.versions) {
      for (const [hash, path] of [
        [ref.after, ref.path],
        [ref.before, ref.from ?? ref.path]
      ] as const) {
        if (!hash) continue
        const list = out.get(hash) ?? []
        if (list.length < 20 && !list.some((p) => p.path === path && p.seq === record.seq))
          list.push({ path, seq: record.seq, time: record.time })
        out.set(hash, list)
      }
    }
  }
  return out
}

/**
 * The one activity entry of a forget: when and by whom, how many versions of how many files
 * (the files whose versions named a forgotten hash), never which text.
 */
export function forgetEntry(
  records: readonly HistoryRecord[],
  hashes: ReadonlySet<string>,
  versions: number,
  actor: ActivityActor
): NewActivity {
  const files = new Set<string>()
  for (const record of records)
    for (const ref of record.versions)
      if ((ref.before && hashes.has(ref.before)) || (ref.after && hashes.has(ref.after)))
        files.add(ref.path)
  return {
    actor,
    command: 'forget',
    paths: [...files].slice(0, 100),
    bytesBefore: null,
    bytesAfter: null,
    outcome: 'ok',
    message: `Forgot ${versions} ${versions === 1 ? 'version' : 'versions'} of ${files.size} ${files.size === 1 ? 'file' : 'files'} from history`
  }
}
