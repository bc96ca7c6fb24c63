import type { MemoryLimits } from '@shared/memory/memory'
import type { NewActivity } from '../ledger/activity-log'
import type { MemoryIndex } from '../ledger/index-store'
import { capNote } from '../caps/caps'
import { displayOf, shown } from '../jail/paths'
import { WALK_MAX_DEPTH, type WalkSkip } from '../jail/walk'
import type { Reconciled } from './scan'

// What a reconcile found, in words: the activity entries for outside changes and the note about
// folders a walk skipped.

/** Says what a walk skipped, in words for the activity log (no host paths). */
export function skippedMessage(skipped: readonly WalkSkip[]): string | undefined {
  if (skipped.length === 0) return undefined
  const deep = skipped.filter((skip) => skip.reason === 'too-deep')
  const unreadable = skipped.filter((skip) => skip.reason === 'unreadable')
  const list = (items: WalkSkip[]) => {
    const names = items.slice(0, 3).map((skip) => shown(displayOf(skip.segments.join('/'))))
    return `${names.join(', ')}${items.length > 3 ? ` and ${items.length - 3} more` : ''}`
  }
  const parts: string[] = []
  if (deep.length)
    parts.push(
      `${deep.length === 1 ? 'a folder' : `${deep.length} folders`} nested deeper than ${WALK_MAX_DEPTH} levels (${list(deep)})`
    )
  if (unreadable.length)
    parts.push(
      `${unreadable.length === 1 ? 'a folder' : `${unreadable.length} folders`} that could not be read (${list(unreadable)})`
    )
  return `Part of the memory folder was skipped: ${parts.join('; ')}. Files there are not in the index; move them higher up or fix their permissions.`
}

/**
 * The one activity entry for what a batch found changed outside the app (issue 36: 100 files
 * copied in are one entry naming them, as an import or a sweep is). One file keeps its own
 * words ("added outside the app"); a rename names both paths, old first.
 */
export function externalActivity(
  changes: Reconciled,
  index: MemoryIndex,
  limits?: MemoryLimits
): NewActivity | undefined {
  const note = (rel: string) => (limits ? capNote(rel, { index, limits }) : '')
  const { added, changed, removed, renamed } = changes
  const count = added.length + changed.length + removed.length + renamed.length
  if (count === 0) return undefined
  const sizeOf = (rel: string) => index.get(rel)?.size ?? null
  const entry = (
    rels: string[],
    message: string,
    bytesBefore: number | null,
    bytesAfter: number | null
  ): NewActivity => ({
    actor: { kind: 'external' },
    command: 'external',
    paths: rels.map(displayOf),
    bytesBefore,
    bytesAfter,
    outcome: 'ok',
    message
  })
  if (count === 1) {
    const [one] = [...added, ...changed, ...removed]
    if (one === undefined) {
      const { from, to } = renamed[0] as { from: string; to: string }
      return entry([from, to], `renamed outside the app${note(to)}`, sizeOf(to), sizeOf(to))
    }
    if (removed.length) return entry([one], 'removed outside the app', null, 0)
    const how = added.length ? 'added' : 'changed'
    return entry([one], `${how} outside the app${note(one)}`, null, sizeOf(one))
  }
  const counts = [
    [added.length, 'added'],
    [changed.length, 'changed'],
    [removed.length, 'removed'],
    [renamed.length, 'renamed']
  ].flatMap(([n, how]) => (n ? [`${n} ${how}`] : []))
  // Each cap said once for the batch; the change event flags the files themselves.
  const kept = [...added, ...changed, ...renamed.map((move) => move.to)]
  const notes = [...new Set(kept.flatMap((rel) => note(rel).split('; ').filter(Boolean)))]
  const paths = [
    ...added,
    ...changed,
    ...removed,
    ...renamed.flatMap((move) => [move.from, move.to])
  ]
  const message = `${count} files changed outside the app (${counts.join(', ')})${notes.map((n) => `; ${n}`).join('')}`
  return entry(paths, message, null, null)
}
