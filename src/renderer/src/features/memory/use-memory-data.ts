import { useCallback, useEffect, useRef, useState } from 'react'
import { events } from '@shared/contract'
import {
  MEMORY_LIST_DEFAULT,
  MEMORY_LIST_MAX,
  type MemoryEntry,
  type MemoryUsage
} from '@shared/memory'
import { call, getApi } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'

export interface MemoryData {
  /** The pages loaded so far (main sends the folder a page at a time). */
  entries: MemoryEntry[] | null
  /** Entries in the whole folder, loaded or not. */
  total: number
  /** Loads the next page, when there is one. */
  loadMore: (() => void) | null
  usage: MemoryUsage | null
  error: ShownError | null
  /** Paths that just changed, for a brief highlight. */
  fresh: ReadonlySet<string>
  /** Bumps on every memory:changed, so open views can re-read. */
  version: number
  lastChange: { paths: string[]; actor: string } | null
  reload(): void
}

const HIGHLIGHT_MS = 2500

/** The tree and usage, re-read whenever anything changes the folder (Claude, you, or outside). */
export function useMemoryData(): MemoryData {
  const [entries, setEntries] = useState<MemoryEntry[] | null>(null)
  const [usage, setUsage] = useState<MemoryUsage | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set())
  const [version, setVersion] = useState(0)
  const [lastChange, setLastChange] = useState<MemoryData['lastChange']>(null)
  const [total, setTotal] = useState(0)
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  /** How many entries are shown, so a reload keeps the pages the user opened. */
  const shown = useRef(0)
  /** Bumps on every reload, so a page that arrives after one is dropped. */
  const generation = useRef(0)

  const reload = useCallback(() => {
    const mine = ++generation.current
    const limit = Math.min(MEMORY_LIST_MAX, Math.max(MEMORY_LIST_DEFAULT, shown.current))
    Promise.all([
      call((api) => api.memory.list({ limit })),
      call((api) => api.memory.usage())
    ]).then(
      ([page, nextUsage]) => {
        if (mine !== generation.current) return
        shown.current = page.entries.length
        setEntries(page.entries)
        setTotal(page.total)
        setCursor(page.nextCursor)
        setUsage(nextUsage)
        setError(null)
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }, [])

  const more = useCallback((after: string) => {
    const mine = generation.current
    call((api) => api.memory.list({ cursor: after, limit: MEMORY_LIST_DEFAULT })).then(
      (page) => {
        if (mine !== generation.current) return
        setEntries((current) => {
          const next = [...(current ?? []), ...page.entries]
          shown.current = next.length
          return next
        })
        setTotal(page.total)
        setCursor(page.nextCursor)
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }, [])
  const loadMore = cursor === undefined ? null : () => more(cursor)

  useEffect(() => {
    reload()
    let api
    try {
      api = getApi()
    } catch {
      return
    }
    const pending = timers.current
    const offMemory = api.on('memory:changed', (payload) => {
      const parsed = events['memory:changed'].safeParse(payload)
      if (!parsed.success) return
      const { paths, actor } = parsed.data
      setLastChange({ paths, actor: actor.kind })
      setVersion((n) => n + 1)
      setFresh((current) => new Set([...current, ...paths]))
      const timer = setTimeout(() => {
        pending.delete(timer)
        setFresh((current) => new Set([...current].filter((p) => !paths.includes(p))))
      }, HIGHLIGHT_MS)
      pending.add(timer)
      reload()
    })
    // Pinned patterns and expiry live in settings: the badges follow them.
    const offSettings = api.on('settings:changed', () => reload())
    return () => {
      offMemory()
      offSettings()
      for (const timer of pending) clearTimeout(timer)
    }
  }, [reload])

  return { entries, total, loadMore, usage, error, fresh, version, lastChange, reload }
}
