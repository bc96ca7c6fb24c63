import { useEffect, useState } from 'react'
import type { SyncStatus } from '@shared/memory/sync'
import { call, onEvent } from '../api'
import { toShownError } from '../errors'

/** Sync's status, kept current by `sync:changed` (Settings → Sync and the memory inspector). */
export function useSyncStatus() {
  const [status, setStatus] = useState<SyncStatus | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    call((api) => api.sync.status()).then(
      (next) => live && setStatus(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    let off: () => void = () => undefined
    try {
      off = onEvent('sync:changed', setStatus)
    } catch {
      // Outside Cairn (no bridge): the status call above has already said so.
    }
    return () => {
      live = false
      off()
    }
  }, [])
  return { status, setStatus, problem, setProblem }
}
