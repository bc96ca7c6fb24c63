import { useCallback, useEffect } from 'react'
import { call } from '../../../lib/api'
import { useFileChanges } from '../memory-changes'
import type { DraftState } from './use-draft-state'

/**
 * Reads of one file: the first is the user opening it, every later one a refresh when a change
 * names it. Calls during a read or a save are folded into one more read after it.
 */
export function useDraftReads(space: string, path: string, draft: DraftState) {
  const { liveRef, lost, reconcile } = draft
  // Opening the file is an access (it resets its idle-expiry clock); keeping up with a change
  // is not: every read after the first is a refresh.
  const read = useCallback(() => {
    const refresh = liveRef.current.opened
    liveRef.current.opened = true
    return call((api) => api.memory.read({ space, path, refresh }))
  }, [liveRef, space, path])
  /** Bumps when a change names this file: it is re-read and compared by hash. */
  const changes = useFileChanges(path)

  const refresh = useCallback(() => {
    const state = liveRef.current
    state.rerun = true
    if (state.saving || state.reading) return
    state.reading = true
    void (async () => {
      try {
        while (state.rerun && !state.saving) {
          state.rerun = false
          const generation = state.generation
          try {
            const file = await read()
            // A save finished meanwhile: this read may predate it, so it says nothing.
            if (generation === state.generation) reconcile(file)
          } catch (failure) {
            if (generation === state.generation) lost(failure)
          }
        }
      } finally {
        state.reading = false
      }
    })()
  }, [liveRef, lost, read, reconcile])

  useEffect(() => refresh(), [refresh, changes])
  return { read, refresh }
}
export type DraftReads = ReturnType<typeof useDraftReads>
