import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { ModelList } from '@shared/chat/models'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

export interface ModelListState {
  list: ModelList | null
  loading: boolean
  /** Why the last request failed, written for the reader. */
  error: string | null
  refresh(): void
}

/**
 * The models the API offers, from main (which caches them). Asked again whenever Settings is shown
 * while the list is incomplete, so a key set a moment ago brings the real list without a click.
 */
export function useModelList(active: boolean): ModelListState {
  const [list, setList] = useState<ModelList | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const latest = useRef(0)

  const load = useCallback(async (refresh: boolean) => {
    const request = ++latest.current
    setLoading(true)
    try {
      const answer = await call((api) => api.chat.listModels({ refresh }))
      if (request !== latest.current) return
      setList(answer)
      setError(null)
    } catch (failure) {
      if (request !== latest.current) return
      const shown = toShownError(failure)
      setError(shown.nextStep ? `${shown.message} ${shown.nextStep}` : shown.message)
    } finally {
      if (request === latest.current) setLoading(false)
    }
  }, [])

  // A list main could not refresh (no key, offline) is asked for again on the next visit; main
  // answers from its cache while that is fresh, so this costs no request otherwise.
  const fresh = list !== null && list.message === null
  const onShown = useEffectEvent(() => void load(false))
  useEffect(() => {
    if (!active || fresh) return
    // A tick later, so flicking through Settings does not fire a request per visit.
    const timer = setTimeout(onShown, 0)
    return () => clearTimeout(timer)
  }, [active, fresh])

  return { list, loading, error, refresh: () => void load(true) }
}
