import { useSyncExternalStore } from 'react'
import type { CairnApi } from '@shared/bridge'
import { call } from './api'
import { toShownError, type ShownError } from './errors'

/*
 * A list main owns (approvals, MCP servers' questions), kept once for the whole page: while anything
 * reads it, it hears main's events, subscribed first and then listing what already waits (so a
 * reloaded window sees the same and nothing told in between is missed); when nothing reads it, it
 * lets go and starts afresh for the next reader.
 */

export interface MainFeed<S> {
  get(): S
  set(next: S): void
  use(): S
}

export function createMainFeed<S, T>(options: {
  empty: S
  /** Subscribes to main's events; answers the unsubscribes. */
  listen: () => Array<() => void>
  list: (api: CairnApi) => Promise<readonly T[]>
  /** One listed item (also what the events add). */
  add: (item: T) => void
  failed: (error: ShownError) => void
}): MainFeed<S> {
  let snapshot = options.empty
  const listeners = new Set<() => void>()
  let stop: (() => void) | null = null

  function start(): () => void {
    let live = true
    let offs: Array<() => void> = []
    try {
      offs = options.listen()
    } catch {
      // Outside Cairn (no bridge): the list call below says so.
    }
    call(options.list).then(
      (listed) => {
        if (live) listed.forEach(options.add)
      },
      (failure: unknown) => {
        if (live) options.failed(toShownError(failure))
      }
    )
    return () => {
      live = false
      offs.forEach((off) => off())
    }
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener)
    stop ??= start()
    return () => {
      listeners.delete(listener)
      if (listeners.size > 0) return
      stop?.()
      stop = null
      snapshot = options.empty
    }
  }

  const get = (): S => snapshot
  return {
    get,
    set(next) {
      snapshot = next
      listeners.forEach((listener) => listener())
    },
    use: () => useSyncExternalStore(subscribe, get, get)
  }
}
