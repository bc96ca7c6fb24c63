import { HISTORY_KEEPS_UP_TO, type NotKept, type VersionRef } from '@shared/memory/memory'
import { formatBytes } from '@shared/sizes'
import { ToolError } from '../core/tool-error'
import type { HistoryRecord } from './journal'

// Versions history chooses not to keep, and why (review finding 3c): a record says so explicitly,
// the History list shows it, and an undo that would need the text refuses with the reason.

/**
 * Versions bigger than this are recorded by hash and size only (no blob): compressing and keeping
 * them would cost more than history is worth. Above `bigFiles.wholeBytes` (the same 16 MiB) a file
 * is not even hashed: its identity is `stat:size:mtime:ino`, and only its first bytes are read.
 */
export const BLOB_MAX_BYTES = HISTORY_KEEPS_UP_TO

const CONTENT_HASH = /^[0-9a-f]{64}$/

/** A sha256 of the whole text (not the size-and-time identity of a file too big to hash). */
export function isContentHash(id: string): boolean {
  return CONTENT_HASH.test(id)
}

/** Why a version that history does not hold was not kept, when that follows from the version. */
export function notKeptOf(id: string, size: number | null): NotKept | undefined {
  return !isContentHash(id) || (size ?? 0) > BLOB_MAX_BYTES ? 'too-large' : undefined
}

function because(why: NotKept, size: number | null): string {
  const bytes = size === null ? '' : ` (${formatBytes(size)})`
  return why === 'too-large'
    ? `it is too large to keep${bytes}; history keeps versions up to ${formatBytes(BLOB_MAX_BYTES)}`
    : `it alone is larger than the history size limit${bytes}`
}

/** Why history did not keep one side of a ref, if it chose not to. */
export function sideNotKept(ref: VersionRef, side: 'before' | 'after'): NotKept | undefined {
  const id = ref[side]
  if (id === null) return undefined
  return ref.notKept?.[side] ?? notKeptOf(id, side === 'before' ? ref.sizeBefore : ref.sizeAfter)
}

/**
 * Refuses the undo of a record that needs a version history did not keep: the earlier text to put
 * back, or (too large to hash) the later one to check the file is unchanged against.
 */
export function refuseNotKept(record: HistoryRecord): void {
  for (const ref of record.versions) {
    if (ref.from) continue // a rename moves the file back; it needs no text
    const before = sideNotKept(ref, 'before')
    if (before)
      throw new ToolError(
        'refused',
        `Error: Cannot revert entry ${record.seq}: the earlier text of ${ref.path} was not kept: ${because(before, ref.sizeBefore)}.`
      )
    if (sideNotKept(ref, 'after') === 'too-large')
      throw new ToolError(
        'refused',
        `Error: Cannot revert entry ${record.seq}: the version of ${ref.path} it made was not kept: ${because('too-large', ref.sizeAfter)}, so Cairn cannot check it is unchanged.`
      )
  }
}
