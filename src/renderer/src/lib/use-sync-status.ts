import { useEffect, useState } from 'react'
import { SyncStatusSchema, type SyncStatus } from '@shared/sync'
import { call, getApi } from './api'
import { toShownError } from './errors'

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
    const off = getApi().on('sync:changed', (raw) => {
      const parsed = SyncStatusSchema.safeParse(raw)
      if (parsed.success) setStatus(parsed.data)
    })
    return () => {
      live = false
      off()
    }
  }, [])
  return { status, setStatus, problem, setProblem }
}
