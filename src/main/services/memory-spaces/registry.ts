import type { MemoryChange } from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory/service'
import { spaceHandle } from './space-handle'
import { busy, createSpaceLifetimes, type IdleTimers, type OpenSpace } from './space-lifetimes'
import type { SpaceDescriptor } from './space-list'

// The one owner of open memory spaces. A space opens (engine, watcher) when something calls
// into it, closes after it has been idle a while (watcher stopped, index flushed, caches let go),
// and at most `maxOpen` stay open: the least recently used idle one closes first. A space with a
// call in flight (a write running, an approval waiting inside `execute`) or a hold never closes
// (space-lifetimes.ts keeps each open space's lifetime).

export type { IdleTimers, OpenedSpace, OpenSpace } from './space-lifetimes'

export interface SpaceRegistryOptions {
  spaces: { get(id: SpaceId): SpaceDescriptor | undefined }
  open: OpenSpace
  /** How many spaces may be open at once (default 4); busy or held ones may go over it. */
  maxOpen?: number
  /** How long an unused space stays open (default 10 minutes). */
  idleMs?: number
  timers?: IdleTimers
  /** False when the app started with memory off: chat offers Claude no memory tool. */
  enabled?: boolean
  offReason?: string | null
  logger?: Logger
}

const clockTimers: IdleTimers = {
  after: (ms, fn) => setTimeout(fn, ms).unref(),
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout)
}

export function createSpaceRegistry(options: SpaceRegistryOptions) {
  const maxOpen = Math.max(1, options.maxOpen ?? 4)
  const idleMs = options.idleMs ?? 10 * 60_000
  const timers = options.timers ?? clockTimers
  const handles = new Map<SpaceId, MemoryService>()
  const changes = new Emitter<{ space: SpaceId; change: MemoryChange }>((error) =>
    options.logger?.warn('memory change listener failed', { error })
  )
  const lifetimes = createSpaceLifetimes({ ...options, maxOpen, idleMs, timers, changes })
  const { entries, entryOf, touch, settle } = lifetimes

  async function use<T>(id: SpaceId, run: (memory: MemoryService) => Promise<T>): Promise<T> {
    const entry = entryOf(id)
    entry.inFlight++
    touch(entry)
    try {
      return await run((await entry.opened).memory)
    } finally {
      entry.inFlight--
      settle(entry)
    }
  }

  const registry = {
    enabled: options.enabled ?? true,
    offReason: options.offReason ?? null,
    /**
     * The memory service of one space, as the rest of main uses it: stable across the space
     * closing and opening again, every call opening it when needed.
     */
    service(id: SpaceId): MemoryService {
      let handle = handles.get(id)
      if (!handle) handles.set(id, (handle = spaceHandle(id, registry)))
      return handle
    },
    use,
    /** Opens a space now (start-up opens the space in use, and reports if it cannot). */
    async open(id: SpaceId): Promise<void> {
      await use(id, async () => undefined)
    },
    /** Keeps a space open until the returned release is called (e.g. a view showing it). */
    hold(id: SpaceId): () => void {
      const entry = entryOf(id)
      entry.holds++
      touch(entry)
      let held = true
      return () => {
        if (!held) return
        held = false
        entry.holds--
        settle(entry)
      }
    },
    isOpen: (id: SpaceId): boolean => entries.get(id)?.memory != null,
    openSpaces: (): SpaceId[] => [...entries.values()].filter((e) => e.memory).map((e) => e.id),
    /** Settings changes reach every open space; a closed one reads them when it opens. */
    forEachOpen(apply: (memory: MemoryService, id: SpaceId) => void, only?: SpaceId): void {
      for (const entry of entries.values())
        if (entry.memory && (only === undefined || entry.id === only)) apply(entry.memory, entry.id)
    },
    /** Every change in every space, named by its space; survives spaces closing and reopening. */
    onChange(listener: (space: SpaceId, change: MemoryChange) => void): () => void {
      return changes.on(({ space, change }) => listener(space, change))
    },
    /** Closes one space now if nothing is using it; answers whether it closed. */
    async closeIfIdle(id: SpaceId): Promise<boolean> {
      const entry = entries.get(id)
      if (!entry || busy(entry)) return false
      await entry.opened.catch(() => undefined)
      if (busy(entry)) return false
      await lifetimes.close(entry)
      return true
    },
    async dispose(): Promise<void> {
      await lifetimes.dispose()
      changes.clear()
    }
  }
  return registry
}
export type SpaceRegistry = ReturnType<typeof createSpaceRegistry>
