import type { EffectiveSpaceSettings } from '@shared/memory/space-settings'
import type { Logger } from '../log/logger'
import { MemoryWatcher, openMemoryStore, type Timers } from '../memory'
import { createMemoryOff } from '../memory/off'
import type { OpenedSpace, OpenSpace } from './registry'
import type { SpaceDescriptor } from './space-list'

// How one space opens: its engine on its folder and state folder with the settings in force,
// then the watcher that brings other programs' edits in. The space is usable once the engine is
// open: a warm index is trusted as it is, and the watcher's start (its initial scan, going on in
// the background) is what catches up with changes made while the space was closed. Closing
// stops the watcher first (no event may reach a closing engine), then the engine flushes its index.

export interface SpaceOpenerDeps {
  /** The settings a space runs with: Settings, with the space's own sections in their place. */
  settingsFor: (space: SpaceDescriptor) => Promise<EffectiveSpaceSettings>
  timers: Timers
  logger: Logger
  /** The app started with memory off: every space answers MEMORY_OFF with this reason. */
  memoryOff?: { reason: string }
  /** A rename rewrote a space's pinned patterns: they are saved where that space keeps them. */
  savePinned?: (space: SpaceDescriptor, pinned: string[]) => void
}

export function createSpaceOpener(deps: SpaceOpenerDeps): OpenSpace {
  return async (space: SpaceDescriptor): Promise<OpenedSpace> => {
    if (deps.memoryOff) {
      const memory = createMemoryOff(deps.memoryOff.reason)
      return { memory, close: () => memory.dispose() }
    }
    const current = await deps.settingsFor(space)
    const store = await openMemoryStore({
      root: space.folder,
      stateDir: space.stateDir,
      limits: current.memory,
      expiry: current.expiry,
      history: current.history,
      secretGuard: current.secretGuard,
      timers: deps.timers,
      logger: deps.logger,
      catchUp: 'watcher'
    })
    const { savePinned } = deps
    const stopPins = savePinned
      ? store.onPinnedChange((pinned) => savePinned(space, pinned))
      : () => undefined
    let watcher: MemoryWatcher
    try {
      watcher = MemoryWatcher.begin({ root: space.folder, memory: store, logger: deps.logger })
    } catch (error) {
      stopPins()
      await store.dispose().catch(() => undefined)
      throw error
    }
    return {
      memory: store,
      async close() {
        stopPins()
        await watcher.dispose()
        await store.dispose()
      }
    }
  }
}
