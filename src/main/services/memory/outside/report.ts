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

/** Activity entries for what a reconcile found changed outside the app. */
export function externalActivity(
  changes: Reconciled,
  index: MemoryIndex,
  limits?: MemoryLimits
): NewActivity[] {
  const note = (rel: string) => (limits ? capNote(rel, { index, limits }) : '')
  const entry = (rel: string, message: string, bytesAfter: number | null): NewActivity => ({
    actor: { kind: 'external' },
    command: 'external',
    paths: [displayOf(rel)],
    bytesBefore: null,
    bytesAfter,
    outcome: 'ok',
    message
  })
  return [
    ...changes.added.map((rel) =>
      entry(rel, `added outside the app${note(rel)}`, index.get(rel)?.size ?? null)
    ),
    ...changes.changed.map((rel) =>
      entry(rel, `changed outside the app${note(rel)}`, index.get(rel)?.size ?? null)
    ),
    ...changes.removed.map((rel) => entry(rel, 'removed outside the app', 0))
  ]
}
