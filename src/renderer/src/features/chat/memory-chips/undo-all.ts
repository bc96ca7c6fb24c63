import { toShownError } from '../../../lib/errors'
import { errorText } from '../../memory/change-words'
import type { UndoConflictResult } from '../../memory/history/undo-conflict'
import { revert, undoneOf } from '../../memory/history/history-api'
import type { SpaceId } from '@shared/memory/spaces'
import type { ChipData } from './chip-data'

// Undo all of an answer's memory changes: newest first, each through the one undo path
// (memory:revert), so a file changed twice goes back step by step. A change whose file moved on
// since is left as it is and reported with its conflict, for the same choices as its own Undo.

export interface NotUndone {
  seq: number
  conflict: UndoConflictResult
}

export interface UndoAllOutcome {
  /** Undone now, or by an Undo of its own before. */
  undone: number
  /** Changes left as they were because their file changed since. */
  conflicts: NotUndone[]
  /** Changes the engine refused for another reason, in its words. */
  failures: string[]
}

/** The activity entries of the changes that can be undone, in the order they were made. */
export function undoableSeqs(chips: readonly ChipData[]): number[] {
  return chips.flatMap((chip) =>
    chip.status === 'done' && chip.memory && chip.memory.versions.length > 0
      ? [chip.memory.seq]
      : []
  )
}

export async function undoAll(space: SpaceId, chips: readonly ChipData[]): Promise<UndoAllOutcome> {
  const seqs = undoableSeqs(chips)
  const already = await undoneOf(space, seqs)
  const outcome: UndoAllOutcome = { undone: already.size, conflicts: [], failures: [] }
  for (const seq of [...seqs].reverse()) {
    if (already.has(seq)) continue
    try {
      const result = await revert(space, seq)
      if (result.status === 'reverted') outcome.undone++
      else outcome.conflicts.push({ seq, conflict: result })
    } catch (failure) {
      outcome.failures.push(errorText(toShownError(failure)))
    }
  }
  return outcome
}
