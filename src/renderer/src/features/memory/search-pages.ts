import { useCallback, useEffect, useRef, useState } from 'react'
import { SEARCH_LIMIT_MAX, SEARCH_PAGE, type MemorySearchResult } from '@shared/memory/search'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { useFolderChanges } from './memory-changes'
import { useMemorySpace } from './memory-space'

/** Waits this long after the last key before asking the engine (every key would be a search). */
export const TYPING_MS = 150

export interface SearchPages {
  /** The query `result` answers (it lags the box while a new answer is on its way). */
  query: string
  /** Every page shown so far, as one answer from the first matching file on. */
  result: MemorySearchResult | null
  error: ShownError | null
  /** A next page is on its way. */
  loadingMore: boolean
}

/**
 * The engine's answer for `query`, a page at a time: `more()` adds the next page. A change that
 * names a file asks again for as many hits as are shown, so reading on never jumps back to page one.
 */
export function useSearchPages(query: string): SearchPages & { more(): Promise<void> } {
  const space = useMemorySpace()
  const changes = useFolderChanges()
  const [state, setState] = useState<SearchPages>({
    query: '',
    result: null,
    error: null,
    loadingMore: false
  })
  // How many hits the user has asked to see for which query (read when a change asks again).
  const wanted = useRef({ query: '', count: SEARCH_PAGE })

  useEffect(() => {
    if (!query) return
    if (wanted.current.query !== query) wanted.current = { query, count: SEARCH_PAGE }
    const limit = Math.min(wanted.current.count, SEARCH_LIMIT_MAX)
    let live = true
    const timer = setTimeout(() => {
      call((api) => api.memory.search({ space, query, limit })).then(
        (result) => live && setState({ query, result, error: null, loadingMore: false }),
        (failure: unknown) =>
          live &&
          setState({ query, result: null, error: toShownError(failure), loadingMore: false })
      )
    }, TYPING_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [space, query, changes])

  const more = useCallback(async (): Promise<void> => {
    const shown = state.result
    if (!shown || state.query !== query || state.loadingMore) return
    const offset = shown.files.length
    setState((now) => ({ ...now, loadingMore: true }))
    try {
      const page = await call((api) =>
        api.memory.search({ space, query, offset, limit: SEARCH_PAGE })
      )
      setState((now) =>
        // Added only to the answer it continues (a newer one may have arrived meanwhile).
        now.query === query && now.result?.files.length === offset
          ? {
              ...now,
              loadingMore: false,
              result: { ...page, offset: 0, files: [...now.result.files, ...page.files] }
            }
          : { ...now, loadingMore: false }
      )
      // As many as were asked for: a file that starts to match later still finds a place.
      wanted.current = { query, count: offset + SEARCH_PAGE }
    } catch (failure: unknown) {
      setState((now) => ({ ...now, loadingMore: false, error: toShownError(failure) }))
    }
  }, [space, query, state])

  return { ...state, more }
}
