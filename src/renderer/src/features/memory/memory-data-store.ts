import {
  MEMORY_LIST_DEFAULT,
  MEMORY_LIST_MAX,
  type MemoryChange,
  type MemoryEntry,
  type MemoryUsage
} from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'

/*
 * The renderer's one copy of what a memory space holds (one store per space, memoryDataFor): the
 * listing and usage, kept up to date from one
 * subscription to `memory:changed`. An event carries the usage after the change, so only the list
 * is asked again, once per event (events that arrive while a list is on its way fold into one
 * more). Panels that show one file, its history or the activity log do not listen to the bridge
 * themselves: they ask this store to tell them about the changes that concern them
 * (memory-changes.ts), so one event is one invoke per panel, not a refetch of everything.
 */

export interface MemoryListState {
  /** The pages loaded so far (main sends the folder a page at a time). */
  entries: MemoryEntry[] | null
  /** Entries in the whole folder, loaded or not. */
  total: number
  /** Where the next page starts, when there is one. */
  nextCursor: string | undefined
  usage: MemoryUsage | null
  error: ShownError | null
  /** Paths that just changed, for a brief highlight. */
  fresh: ReadonlySet<string>
}

const EMPTY: MemoryListState = {
  entries: null,
  total: 0,
  nextCursor: undefined,
  usage: null,
  error: null,
  fresh: new Set()
}
const HIGHLIGHT_MS = 2500

export class MemoryDataStore {
  constructor(readonly space: SpaceId) {}

  private state = EMPTY
  private readonly watchers = new Set<() => void>()
  private readonly changeListeners = new Set<(change: MemoryChange) => void>()
  private off: (() => void) | null = null
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()
  /** How many entries are shown, so a reload keeps the pages the user opened. */
  private shown = 0
  /** Bumps on every list read, so a page that arrives after one is dropped. */
  private generation = 0
  private listing = false
  /** The cursor of the page being loaded by loadMore, if one is. */
  private loadingAfter: string | null = null
  private listAgain = false
  private usageStale = true

  /** For useSyncExternalStore: the list is read while anyone watches it. */
  readonly subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher)
    this.connect()
    if (this.watchers.size === 1) this.reload()
    return () => {
      this.watchers.delete(watcher)
      this.disconnectIfIdle()
    }
  }

  readonly getSnapshot = (): MemoryListState => this.state

  /** Tells `listener` about every change (parsed once, in the bridge); returns the unsubscribe. */
  onChange(listener: (change: MemoryChange) => void): () => void {
    this.changeListeners.add(listener)
    this.connect()
    return () => {
      this.changeListeners.delete(listener)
      this.disconnectIfIdle()
    }
  }

  /** Reads the list again (and the usage): after settings change, or when the user asks. */
  readonly reload = (): void => {
    this.usageStale = true
    this.requestList()
  }

  /** Loads the page after `cursor`. */
  readonly loadMore = (cursor: string): void => {
    // Asked again while that page is on its way (the tree asks when scrolled to its end): once.
    if (this.loadingAfter === cursor) return
    this.loadingAfter = cursor
    const mine = this.generation
    call((api) => api.memory.list({ space: this.space, cursor, limit: MEMORY_LIST_DEFAULT }))
      .finally(() => {
        if (this.loadingAfter === cursor) this.loadingAfter = null
      })
      .then(
        (page) => {
          if (mine !== this.generation) return
          const entries = [...(this.state.entries ?? []), ...page.entries]
          this.shown = entries.length
          this.set({ entries, total: page.total, nextCursor: page.nextCursor })
        },
        (failure: unknown) => this.set({ error: toShownError(failure) })
      )
  }

  private connect(): void {
    if (this.off) return
    try {
      const offs = [
        // Every space's changes come on one event; this store hears its own space's.
        onEvent('memory:changed', ({ space, ...change }) => {
          if (space === this.space) this.changed(change)
        }),
        // Pinned patterns, expiry and caps live in settings: the badges and usage follow them.
        onEvent('settings:changed', () => {
          if (this.watchers.size) this.reload()
        })
      ]
      this.off = () => offs.forEach((off) => off())
    } catch {
      // No bridge (the page opened outside Cairn): the first list read reports it.
    }
  }

  private disconnectIfIdle(): void {
    if (this.watchers.size || this.changeListeners.size) return
    this.off?.()
    this.off = null
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    // Nobody shows it: forget it, so the next view starts from what main says then.
    this.generation++
    this.state = EMPTY
    this.shown = 0
    this.usageStale = true
  }

  private changed(change: MemoryChange): void {
    if (this.watchers.size) {
      const { paths } = change
      const patch: Partial<MemoryListState> = {
        fresh: new Set([...this.state.fresh, ...paths])
      }
      if (change.usage) patch.usage = change.usage
      else this.usageStale = true
      this.set(patch)
      if (paths.length) {
        const timer = setTimeout(() => {
          this.timers.delete(timer)
          this.set({ fresh: new Set([...this.state.fresh].filter((p) => !paths.includes(p))) })
        }, HIGHLIGHT_MS)
        this.timers.add(timer)
      }
      this.requestList()
    }
    for (const listener of [...this.changeListeners]) listener(change)
  }

  /** One list read at a time; asks made meanwhile fold into one more read after it. */
  private requestList(): void {
    this.listAgain = true
    if (this.listing) return
    this.listing = true
    void this.readLists().finally(() => {
      this.listing = false
    })
  }

  private async readLists(): Promise<void> {
    while (this.listAgain && this.watchers.size) {
      this.listAgain = false
      const mine = ++this.generation
      const withUsage = this.usageStale
      this.usageStale = false
      const limit = Math.min(MEMORY_LIST_MAX, Math.max(MEMORY_LIST_DEFAULT, this.shown))
      try {
        const [page, usage] = await Promise.all([
          call((api) => api.memory.list({ space: this.space, limit })),
          withUsage ? call((api) => api.memory.usage({ space: this.space })) : null
        ])
        if (mine !== this.generation) continue
        this.shown = page.entries.length
        this.set({
          entries: page.entries,
          total: page.total,
          nextCursor: page.nextCursor,
          ...(usage ? { usage } : {}),
          error: null
        })
      } catch (failure) {
        if (withUsage) this.usageStale = true
        if (mine === this.generation) this.set({ error: toShownError(failure) })
      }
    }
  }

  private set(patch: Partial<MemoryListState>): void {
    this.state = { ...this.state, ...patch }
    for (const watcher of [...this.watchers]) watcher()
  }
}

const stores = new Map<SpaceId, MemoryDataStore>()

/** The one store per space that the memory views of that space share. */
export function memoryDataFor(space: SpaceId): MemoryDataStore {
  let store = stores.get(space)
  if (!store) stores.set(space, (store = new MemoryDataStore(space)))
  return store
}
