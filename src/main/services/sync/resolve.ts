import { CairnError } from '@shared/errors'
import type { SyncConflictAnswer } from '@shared/memory/sync'
import type { MemoryService } from '../memory/service'
import type { SyncState } from './state'

// The user's answer to a conflict, from the inspector. The store's version sits at the path and
// this device's beside it (`name (from <device>).md`); the answer is applied as the user's own
// edit through the memory engine (so history and activity record it), and the next round syncs
// it like any other change: "mine" updates the path and deletes the copy, "theirs" deletes the
// copy, "both" keeps both files. Other kinds of conflict are notes: "both" dismisses them.

export async function resolveConflict(
  memory: MemoryService,
  state: SyncState,
  { path, keep }: SyncConflictAnswer
): Promise<void> {
  const at = state.conflicts.findIndex((c) => c.path === path)
  const conflict = state.conflicts[at]
  // Answered already (another window, a double click): nothing left to do.
  if (!conflict) return
  if (keep !== 'both') {
    if (conflict.kind !== 'kept-both' || !conflict.copy)
      throw new CairnError('BAD_INPUT', `${path} has no second version to choose between.`)
    const copy = conflict.copy
    if (keep === 'mine') {
      const mine = await memory.read(copy).catch(() => {
        throw new CairnError(
          'MEMORY_NOT_FOUND',
          `This device's version (${copy}) is gone, so it cannot be kept. Choose "Keep theirs" or "Keep both".`
        )
      })
      const current = await memory.read(path).catch(() => null)
      if (current) await memory.write({ path, content: mine.content, expectedHash: current.hash })
      else await memory.create({ path, content: mine.content })
    }
    const stillThere = await memory.read(copy).then(
      () => true,
      () => false
    )
    if (stillThere) await memory.delete(copy)
  }
  state.conflicts.splice(at, 1)
}
