import type { MemoryChange } from '@shared/memory/memory'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory/service'
import { spaceHandle } from './space-handle'
import { describeSpace, type SpaceDescriptor } from './space-list'

// The one owner of open memory spaces. A space opens (engine, watcher) when something calls
// into it, closes after it has been idle a while (watcher stopped, index flushed, caches let go),
// and at most `maxOpen` stay open: the least recently used idle one closes first. A space with a
// call in flight (a write running, an approval waiting inside `execute`) or a hold never closes.

/** An open space: its engine, and how to close it (watcher first, then the engine). */
export interface OpenedSpace {
  memory: MemoryService
  close(): Promise<void>
}
export type OpenSpace = (space: SpaceDescriptor) => Promise<OpenedSpace>

export interface IdleTimers {
  after(ms: number, fn: () => void): unknown
  cancel(handle: unknown): void
}

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

interface Entry {
  id: SpaceId
  opened: Promise<OpenedSpace>
  /** Set once `opened` resolved: the engine to hand to settings changes. */
  memory: MemoryService | null
  inFlight: number
  holds: number
  lastUsed: number
  idle: unknown
  stopEvents: () => void
}

const clockTimers: IdleTimers = {
  after: (ms, fn) => setTimeout(fn, ms).unref(),
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout)
}

export function createSpaceRegistry(options: SpaceRegistryOptions) {
  const maxOpen = Math.max(1, options.maxOpen ?? 4)
  const idleMs = options.idleMs ?? 10 * 60_000
  const timers = options.timers ?? clockTimers
  const entries = new Map<SpaceId, Entry>()
  const closing = new Map<SpaceId, Promise<void>>()
  const handles = new Map<SpaceId, MemoryService>()
  const changes = new Emitter<{ space: SpaceId; change: MemoryChange }>((error) =>
    options.logger?.warn('memory change listener failed', { error })
  )
  let tick = 0
  let disposed = false

  const descriptorOf = (id: SpaceId) => describeSpace(options.spaces, id)

  function entryOf(id: SpaceId): Entry {
    const existing = entries.get(id)
    if (existing) return existing
    if (disposed) throw new CairnError('MEMORY_CLOSED', 'Cairn is closing; memory is closed.')
    const space = descriptorOf(id)
    const entry: Entry = {
      id,
      // A close of this space still running finishes first: one engine per folder at a time.
      opened: (closing.get(id) ?? Promise.resolve()).then(() => options.open(space)),
      memory: null,
      inFlight: 0,
      holds: 0,
      lastUsed: ++tick,
      idle: undefined,
      stopEvents: () => undefined
    }
    entries.set(id, entry)
    entry.opened.then(
      (opened) => {
        entry.memory = opened.memory
        entry.stopEvents = opened.memory.onChange((change) => changes.emit({ space: id, change }))
        void closeOverBound(entry)
      },
      // A failed open leaves nothing behind: the next call tries again.
      () => {
        if (entries.get(id) === entry) entries.delete(id)
      }
    )
    return entry
  }

  function busy(entry: Entry): boolean {
    return entry.inFlight > 0 || entry.holds > 0
  }

  function touch(entry: Entry): void {
    entry.lastUsed = ++tick
    if (entry.idle !== undefined) timers.cancel(entry.idle)
    entry.idle = undefined
  }

  function settle(entry: Entry): void {
    if (busy(entry) || entries.get(entry.id) !== entry) return
    entry.idle = timers.after(idleMs, () => {
      entry.idle = undefined
      if (!busy(entry)) void close(entry)
    })
  }

  function close(entry: Entry): Promise<void> {
    if (entries.get(entry.id) !== entry) return closing.get(entry.id) ?? Promise.resolve()
    entries.delete(entry.id)
    if (entry.idle !== undefined) timers.cancel(entry.idle)
    const done = entry.opened
      .then(async (opened) => {
        entry.stopEvents()
        await opened.close()
      })
      .catch((error: unknown) => options.logger?.warn('memory space did not close', { error }))
      .finally(() => {
        if (closing.get(entry.id) === done) closing.delete(entry.id)
      })
    closing.set(entry.id, done)
    return done
  }

  /** Over the bound: the least recently used idle spaces close (never the one just opened). */
  async function closeOverBound(opened: Entry): Promise<void> {
    const idle = [...entries.values()]
      .filter((entry) => entry !== opened && entry.memory && !busy(entry))
      .sort((a, b) => a.lastUsed - b.lastUsed)
    let over = entries.size - maxOpen
    for (const entry of idle) {
      if (over <= 0) break
      over--
      await close(entry)
    }
  }

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
      await close(entry)
      return true
    },
    async dispose(): Promise<void> {
      disposed = true
      await Promise.all([...entries.values()].map((entry) => close(entry)))
      await Promise.all([...closing.values()])
      changes.clear()
    }
  }
  return registry
}
export type SpaceRegistry = ReturnType<typeof createSpaceRegistry>
