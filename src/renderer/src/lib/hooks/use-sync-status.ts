import { useEffect, useState } from 'react'
import type { SyncStatus } from '@shared/memory/sync'
import type { SpaceId } from '@shared/memory/spaces'
import { call, onEvent } from '../api'
import { toShownError } from '../errors'

/**
 * One memory space's sync status (each space pairs with its own Memory Store), kept current by
 * the `sync:changed` events that name this space. Settings → Sync, a project's Memory →
 * Settings, and the inspector's conflicts read it.
 */
export function useSyncStatus(space: SpaceId) {
  const [state, setState] = useState<{ space: SpaceId; status: SyncStatus | null }>({
    space,
    status: null
  })
  const [shownProblem, setShownProblem] = useState<{ space: SpaceId; text: string | null }>({
    space,
    text: null
  })
  useEffect(() => {
    let live = true
    const show = (status: SyncStatus) => live && setState({ space, status })
    call((api) => api.sync.status({ space })).then(show, (failure: unknown) => {
      if (live) setShownProblem({ space, text: toShownError(failure).message })
    })
    let off: () => void = () => undefined
    try {
      off = onEvent('sync:changed', (status) => {
        if (status.space === space) show(status)
      })
    } catch {
      // Outside Cairn (no bridge): the read above has already said so.
    }
    return () => {
      live = false
      off()
    }
  }, [space])
  // Another space's status (or problem) never shows, even before this one's is read.
  const status = state.space === space ? state.status : null
  const problem = shownProblem.space === space ? shownProblem.text : null
  const setProblem = (text: string | null) => setShownProblem({ space, text })
  const setStatus = (next: SyncStatus) => {
    if (next.space === space) setState({ space, status: next })
  }
  return { status, setStatus, problem, setProblem }
}
