import { useSyncExternalStore } from 'react'
import type { MemoryEntry, MemoryUsage } from '@shared/memory/memory'
import type { ShownError } from '../../lib/errors'
import { memoryDataFor } from './memory-data-store'
import { useMemorySpace } from './memory-space'

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
  reload(): void
}

/**
 * The tree and usage, kept up to date by the one memory store (memory-data-store.ts) whenever
 * anything changes the folder (Claude, you, or outside). Panels that show one file, its history
 * or the activity follow their own changes through memory-changes.ts.
 */
export function useMemoryData(): MemoryData {
  const memoryData = memoryDataFor(useMemorySpace())
  const state = useSyncExternalStore(memoryData.subscribe, memoryData.getSnapshot)
  const cursor = state.nextCursor
  return {
    entries: state.entries,
    total: state.total,
    loadMore: cursor === undefined ? null : () => memoryData.loadMore(cursor),
    usage: state.usage,
    error: state.error,
    fresh: state.fresh,
    reload: memoryData.reload
  }
}
