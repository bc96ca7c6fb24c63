import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { SecretStatus } from '@shared/contract'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

/**
 * The key's status as main reports it, read each time the section comes on screen (the key may
 * be set elsewhere). Every change this window makes bumps a counter first, so a slow read that
 * started before it cannot overwrite the newer answer.
 */
export function useKeyStatus(active: boolean, onStatus?: (status: SecretStatus) => void) {
  const [status, setStatus] = useState<SecretStatus | null>(null)
  const [loadError, setLoadError] = useState<ShownError | null>(null)
  const changes = useRef(0)
  const onStatusEvent = useEffectEvent((next: SecretStatus) => onStatus?.(next))
  useEffect(() => {
    if (status) onStatusEvent(status)
  }, [status])

  useEffect(() => {
    if (!active) return
    let live = true
    const before = changes.current
    call((api) => api.secrets.status()).then(
      (next) => {
        if (!live || before !== changes.current) return
        setStatus(next)
        setLoadError(null)
      },
      (failure: unknown) => live && setLoadError(toShownError(failure))
    )
    return () => {
      live = false
    }
  }, [active])

  return {
    status,
    loadError,
    /** A change of this window's answered: its status is the newest. */
    setStatus,
    /** A change is about to be sent: reads started before it are stale. */
    changing(): void {
      changes.current += 1
    },
    /** After a failed change the first read may have been dropped: read the status again. */
    refresh(): void {
      const before = changes.current
      call((api) => api.secrets.status()).then(
        (next) => before === changes.current && setStatus(next),
        () => undefined
      )
    }
  }
}
export type KeyStatusState = ReturnType<typeof useKeyStatus>
