import { afterEach } from 'vitest'
import type { MemoryChange } from '@shared/memory/memory'
import type { MemoryStore, OpenMemoryStoreOptions } from '../..'
import type { MemoryIndex } from '../../ledger/index-store'
import { useMemory } from '../../__tests__/helpers'
import { MemoryWatcher, type MemoryWatcherOptions, type WatcherProblem } from '../watcher'

// Generous: this detects a watcher that never catches up, not a slow machine (CI shares 2 cores).
const TIMEOUT_MS = 30_000

/** A store on a real temp folder with a real watcher on it; both closed after each test. */
export function useWatchedMemory() {
  const memory = useMemory()
  const watchers: MemoryWatcher[] = []
  afterEach(async () => {
    for (const watcher of watchers.splice(0)) await watcher.dispose()
  })
  return {
    ...memory,
    async start(
      extra: Partial<OpenMemoryStoreOptions> = {},
      watch: Partial<MemoryWatcherOptions> = {}
    ) {
      const store = await memory.open(extra)
      const changes = recorder(store)
      const watcher = await MemoryWatcher.start({ root: memory.root(), memory: store, ...watch })
      watchers.push(watcher)
      const problems: WatcherProblem[] = []
      watcher.onProblem((problem) => problems.push(problem))
      return { store, watcher, changes, problems }
    }
  }
}

/** Every change the store announces, and a way to wait for one that matches. */
export function recorder(store: MemoryStore) {
  const seen: MemoryChange[] = []
  const waiters = new Set<() => void>()
  store.onChange((change) => {
    seen.push(change)
    for (const wake of [...waiters]) wake()
  })
  const external = () => seen.filter((change) => change.actor.kind === 'external')
  return {
    seen,
    external,
    /** Resolves with the first external change (past or future) that satisfies `match`. */
    waitFor(match: (change: MemoryChange) => boolean, what = 'a matching change') {
      return waitUntil(() => external().find(match), what, waiters)
    },
    /** Resolves when `check` holds, re-checked on each change (and each `poll`). */
    until<T>(check: () => Promise<T | undefined> | T | undefined, what: string) {
      return waitUntil(check, what, waiters)
    }
  }
}

async function waitUntil<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  waiters: Set<() => void>
): Promise<T> {
  const deadline = Date.now() + TIMEOUT_MS
  for (;;) {
    const found = await check()
    if (found !== undefined && found !== false) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    // Woken by the next change; the fallback tick re-checks conditions that need no event.
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        waiters.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, 50)
      waiters.add(wake)
    })
  }
}

export const hasPath = (path: string) => (change: MemoryChange) => change.paths.includes(path)

/** The engine's index (what usage, expiry and the inspector's metadata come from). */
export function indexOf(store: MemoryStore): MemoryIndex {
  return store.ctx({ kind: 'system' }, false).index
}
