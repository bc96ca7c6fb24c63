import { useCallback, useEffect, useRef, useState } from 'react'
import { events } from '@shared/contract'
import type { MemoryEntry, MemoryUsage } from '@shared/memory'
import { call, getApi } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'

export interface MemoryData {
  entries: MemoryEntry[] | null
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
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())

  const reload = useCallback(() => {
    Promise.all([call((api) => api.memory.list()), call((api) => api.memory.usage())]).then(
      ([list, nextUsage]) => {
        setEntries(list)
        setUsage(nextUsage)
        setError(null)
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }, [])

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

  return { entries, usage, error, fresh, version, lastChange, reload }
}
