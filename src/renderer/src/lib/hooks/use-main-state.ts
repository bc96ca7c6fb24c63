import { useEffect, useState } from 'react'
import type { EventName, EventPayload } from '@shared/contract'
import type { CairnApi } from '@shared/bridge'
import { call, onEvent } from '../api'
import { toShownError } from '../errors'

/**
 * A piece of main's state as the page shows it: read once, then kept current by the event main
 * sends when it changes. `problem` says why it could not be read.
 */
export function useMainState<E extends EventName>(
  read: (api: CairnApi) => Promise<EventPayload<E>>,
  event: E
) {
  const [state, setState] = useState<EventPayload<E> | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    call(read).then(
      (next) => live && setState(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    let off: () => void = () => undefined
    try {
      off = onEvent(event, setState)
    } catch {
      // Outside Cairn (no bridge): the read above has already said so.
    }
    return () => {
      live = false
      off()
    }
    // Read once per mount: `read` is a fresh arrow each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event])
  return { state, setState, problem, setProblem }
}
