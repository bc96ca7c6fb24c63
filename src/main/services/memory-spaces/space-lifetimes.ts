import type { MemoryChange } from '@shared/memory/memory'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory/service'
import { describeSpace, type SpaceDescriptor } from './space-list'

// Each open space's lifetime, as the registry keeps it: opened on first use (after a close of
// the same folder finishes), closed when idle a while or when over the bound (least recently
// used first), never while a call is in flight or a hold is on it.

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

export interface Entry {
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

export interface LifetimeOptions {
  spaces: { get(id: SpaceId): SpaceDescriptor | undefined }
  open: OpenSpace
  maxOpen: number
  idleMs: number
  timers: IdleTimers
  logger?: Logger
  /** Where each open space's changes are told, named by space. */
  changes: Emitter<{ space: SpaceId; change: MemoryChange }>
}

export const busy = (entry: Entry): boolean => entry.inFlight > 0 || entry.holds > 0

export function createSpaceLifetimes(options: LifetimeOptions) {
  const { timers } = options
  const entries = new Map<SpaceId, Entry>()
  const closing = new Map<SpaceId, Promise<void>>()
  let tick = 0
  let disposed = false

  /** The space's entry, opening it when it has none. */
  function entryOf(id: SpaceId): Entry {
    const existing = entries.get(id)
    if (existing) return existing
    if (disposed) throw new CairnError('MEMORY_CLOSED', 'Cairn is closing; memory is closed.')
    const space = describeSpace(options.spaces, id)
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
        entry.stopEvents = opened.memory.onChange((change) =>
          options.changes.emit({ space: id, change })
        )
        void closeOverBound(entry)
      },
      // A failed open leaves nothing behind: the next call tries again.
      () => {
        if (entries.get(id) === entry) entries.delete(id)
      }
    )
    return entry
  }

  /** Used now: the most recent, and no idle close due. */
  function touch(entry: Entry): void {
    entry.lastUsed = ++tick
    if (entry.idle !== undefined) timers.cancel(entry.idle)
    entry.idle = undefined
  }

  /** Nothing using it any more: it closes after the idle time unless used again. */
  function settle(entry: Entry): void {
    if (busy(entry) || entries.get(entry.id) !== entry) return
    entry.idle = timers.after(options.idleMs, () => {
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
    let over = entries.size - options.maxOpen
    for (const entry of idle) {
      if (over <= 0) break
      over--
      await close(entry)
    }
  }

  return {
    entries,
    entryOf,
    touch,
    settle,
    close,
    /** Every space closed, none opened again. */
    async dispose(): Promise<void> {
      disposed = true
      await Promise.all([...entries.values()].map((entry) => close(entry)))
      await Promise.all([...closing.values()])
    }
  }
}
