import { useEffect, useState } from 'react'
import type { UpdateStatus } from '@shared/app/updates'
import { call, onEvent } from '../../lib/api'
import { toShownError } from '../../lib/errors'

export interface UpdatesController {
  /** null until main answers (or if it never does). */
  status: UpdateStatus | null
  /** A call that failed (the bridge, not the update: those are in the status). */
  problem: string | null
  check(): void
  download(): void
  restart(): void
}

/** The update state from main, kept current by updates:changed, with the user's three actions. */
export function useUpdates(): UpdatesController {
  const [status, setStatus] = useState<UpdateStatus | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    call((api) => api.updates.status()).then(
      (next) => live && setStatus(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    let off = (): void => undefined
    try {
      off = onEvent('updates:changed', setStatus)
    } catch {
      // No bridge (the page opened outside Cairn): the settings banner already says so.
    }
    return () => {
      live = false
      off()
    }
  }, [])

  const act = (run: Parameters<typeof call<UpdateStatus>>[0]) => {
    setProblem(null)
    call(run).then(setStatus, (failure: unknown) => {
      const shown = toShownError(failure)
      setProblem(`${shown.message} ${shown.nextStep ?? ''}`.trim())
    })
  }
  return {
    status,
    problem,
    check: () => act((api) => api.updates.check()),
    download: () => act((api) => api.updates.download()),
    restart: () => act((api) => api.updates.restart())
  }
}
