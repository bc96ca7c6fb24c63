import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import type { Settings } from '@shared/app/settings'
import type { Logger } from '../log/logger'
import type { Timers } from '../memory'
import { MemoryStartError, startFailureReason } from '../memory/off'
import { createSpaceOpener } from './open-space'
import { createSpaceRegistry, type IdleTimers } from './registry'
import { createSpaceList } from './space-list'

// Memory spaces (issue 38): the persisted list of spaces, the registry that opens and closes
// them, and how a space opens. createServices asks for this once and hands the registry on.

export { checkSpaceFolder, type FolderCheck } from './folder-check'
export { createSpaceRegistry, type SpaceRegistry } from './registry'
export {
  createSpaceList,
  defaultSpace,
  MEMORY_FOLDER_NAME,
  MEMORY_STATE_FOLDER_NAME,
  type SpaceDescriptor,
  type SpaceList
} from './space-list'

export interface MemorySpacesDeps {
  dataDir: string
  settings: {
    get(): { settings: Settings }
    update(patch: { expiry: { pinned: string[] } }): Promise<unknown>
    onChange(listener: (next: Settings) => void): () => void
  }
  timers: Timers
  logger: Logger
  memoryOff?: { reason: string }
  idleTimers?: IdleTimers
}

/**
 * Reads the list of spaces and opens the default one ("No project", the folder Cairn always had),
 * as start-up always did: a folder that cannot be opened is a MemoryStartError main asks about.
 */
export async function startMemorySpaces(deps: MemorySpacesDeps) {
  const list = createSpaceList({ dataDir: deps.dataDir, logger: deps.logger })
  await list.load()
  const registry = createSpaceRegistry({
    spaces: list,
    open: createSpaceOpener({
      settings: () => deps.settings.get().settings,
      timers: deps.timers,
      logger: deps.logger,
      ...(deps.memoryOff ? { memoryOff: deps.memoryOff } : {}),
      // A rename keeps its pin: the engine rewrites the pinned patterns, the settings save them.
      savePinned: (pinned) => {
        deps.settings.update({ expiry: { pinned } }).catch((error: unknown) => {
          deps.logger.warn('pinned patterns could not be saved after a rename', { error })
        })
      }
    }),
    enabled: !deps.memoryOff,
    offReason: deps.memoryOff?.reason ?? null,
    logger: deps.logger,
    ...(deps.idleTimers ? { timers: deps.idleTimers } : {})
  })
  if (deps.memoryOff)
    deps.logger.warn('memory is off for this session', { reason: deps.memoryOff.reason })
  try {
    await registry.open(DEFAULT_SPACE_ID)
  } catch (error) {
    deps.logger.error('memory folder could not be opened', { error })
    await registry.dispose()
    throw new MemoryStartError(startFailureReason(error), { cause: error })
  }
  // The default space stays open as it always did (its inspector shows outside edits live) until
  // the space switcher says which space is in view; other spaces open and close on demand.
  const releaseDefault = registry.hold(DEFAULT_SPACE_ID)
  // Caps and expiry apply as soon as they are saved, to the next command and the next sweep, in
  // every open space (a space opened later reads them as it opens).
  const stopApplying = deps.settings.onChange((next) =>
    registry.forEachOpen((memory) => {
      memory.updateLimits(next.memory)
      memory.updateExpiry(next.expiry)
      memory.updateHistory(next.history)
      memory.updateSecretGuard(next.secretGuard)
    })
  )
  return {
    list,
    registry,
    async dispose(): Promise<void> {
      stopApplying()
      releaseDefault()
      await registry.dispose()
    }
  }
}
export type MemorySpaces = Awaited<ReturnType<typeof startMemorySpaces>>
