import {
  effectiveSpaceSettings,
  type EffectiveSpaceSettings,
  type SpaceSettingsState,
  type UpdateSpaceSettingsInput
} from '@shared/memory/space-settings'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import type { Settings } from '@shared/app/settings'
import type { Logger } from '../log/logger'
import type { Timers } from '../memory'
import { MemoryStartError, startFailureReason } from '../memory/off'
import { createSpaceOpener } from './open-space'
import { createSpaceRegistry, type IdleTimers } from './registry'
import { createSpaceList, describeSpace } from './space-list'
import { createSpaceSettingsStore } from './space-settings'
import { copyToSpace, searchAllSpaces } from './across-spaces'
import type { CopyToSpaceInput } from '@shared/memory/across-spaces'
import type { MemoryService } from '../memory/service'

// Memory spaces (issue 38): the persisted list of spaces, the registry that opens and closes
// them, and how a space opens. createServices asks for this once and hands the registry on.

export { checkSpaceFolder, type FolderCheck } from './folder-check'
export { createSpaceRegistry, type SpaceRegistry } from './registry'
export {
  createSpaceList,
  defaultSpace,
  MEMORY_FOLDER_NAME,
  MEMORY_STATE_FOLDER_NAME,
  SPACES_STATE_FOLDER_NAME,
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
  const spaceSettings = createSpaceSettingsStore({
    global: () => deps.settings.get().settings,
    logger: deps.logger
  })
  // Read now (small files), so whether a write waits for approval can be answered at once.
  await Promise.all(list.all().map((space) => spaceSettings.own(space)))
  const registry = createSpaceRegistry({
    spaces: list,
    open: createSpaceOpener({
      settingsFor: (space) => spaceSettings.effective(space),
      timers: deps.timers,
      logger: deps.logger,
      ...(deps.memoryOff ? { memoryOff: deps.memoryOff } : {}),
      // A rename keeps its pin: the engine rewrites the pinned patterns, and they are saved where
      // the space keeps them (Settings for "No project", the space's own settings for the others).
      savePinned: (space, pinned) => {
        const saved =
          space.id === DEFAULT_SPACE_ID
            ? deps.settings.update({ expiry: { pinned } })
            : spaceSettings.update(space, { space: space.id, section: 'pinned', value: pinned })
        saved.catch((error: unknown) => {
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
  const describe = (id: SpaceId) => describeSpace(list, id)
  const across = { spaces: list, memoryIn: (id: SpaceId) => registry.service(id) }
  // Caps and expiry apply as soon as they are saved, to the next command and the next sweep, in
  // every open space with its own sections still in their place (a space opened later reads
  // them as it opens).
  const stopApplying = deps.settings.onChange((next) =>
    registry.forEachOpen((memory, id) => {
      const space = list.get(id)
      if (!space) return
      spaceSettings
        .own(space)
        .then((own) => applyTo(memory, effectiveSpaceSettings(next, own)))
        .catch((error: unknown) =>
          deps.logger.warn('settings not applied to a memory space', { error, space: id })
        )
    })
  )
  return {
    list,
    registry,
    spaceSettings,
    /** The space with this id, or SPACE_NOT_FOUND saying its project may be gone. */
    describe,
    /** One section of a space's own settings, saved, and in force in its engine from now on. */
    updateSpaceSettings: async (input: UpdateSpaceSettingsInput): Promise<SpaceSettingsState> => {
      const space = describe(input.space)
      const next = await spaceSettings.update(space, input)
      registry.forEachOpen((memory) => applyTo(memory, next), space.id)
      return spaceSettings.state(space)
    },
    copyToSpace: (input: CopyToSpaceInput) => copyToSpace(across, input),
    searchAll: (query: string) => searchAllSpaces(across, query),
    spaceSettingsState: (id: SpaceId): Promise<SpaceSettingsState> =>
      spaceSettings.state(describe(id)),
    async dispose(): Promise<void> {
      stopApplying()
      releaseDefault()
      await registry.dispose()
    }
  }
}
function applyTo(memory: MemoryService, settings: EffectiveSpaceSettings): void {
  memory.updateLimits(settings.memory)
  memory.updateExpiry(settings.expiry)
  memory.updateHistory(settings.history)
  memory.updateSecretGuard(settings.secretGuard)
}

export type MemorySpaces = Awaited<ReturnType<typeof startMemorySpaces>>
