import type { Settings, SettingsPatch } from '@shared/app/settings'
import type { BackupProgress } from '@shared/memory/backup'
import type {
  EffectiveSpaceSettings,
  UpdateSpaceSettingsInput
} from '@shared/memory/space-settings'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { Emitter } from '../events/emitter'
import { cachedPerSpace, type SpacesForService } from '../memory-spaces/per-space-cache'
import { exportMemory } from './export'
import { createBackupService, type BackupDeps, type BackupService } from './backup-service'

// Export and import for each memory space. "No project" carries Settings' caps, expiry and
// history, as it always did; a project carries the settings it runs with, and an import into it
// applies the archive's settings to the project as its own, never to Settings.

export interface BackupSpaces extends SpacesForService {
  settingsOf(space: SpaceId): EffectiveSpaceSettings
  updateOwn(input: UpdateSpaceSettingsInput): Promise<unknown>
}

export function createBackupsPerSpace(
  deps: Omit<BackupDeps, 'memory'> & {
    spaces: BackupSpaces
    settings: BackupDeps['settings'] & { get(): { settings: Settings } }
  }
) {
  const { spaces, ...shared } = deps
  const progress = new Emitter<BackupProgress>()

  /** A project's settings, seen as Settings: what an export carries, where an import goes. */
  const projectSettings = (space: SpaceId): BackupDeps['settings'] => ({
    get: () => ({ settings: { ...deps.settings.get().settings, ...spaces.settingsOf(space) } }),
    async update(patch: SettingsPatch) {
      const current = spaces.settingsOf(space)
      if (patch.memory)
        await spaces.updateOwn({
          space,
          section: 'memory',
          value: { ...current.memory, ...patch.memory }
        })
      if (patch.history)
        await spaces.updateOwn({
          space,
          section: 'history',
          value: { ...current.history, ...patch.history }
        })
      if (patch.expiry) {
        const { pinned, ...expiry } = { ...current.expiry, ...patch.expiry }
        await spaces.updateOwn({ space, section: 'expiry', value: expiry })
        await spaces.updateOwn({ space, section: 'pinned', value: pinned })
      }
    }
  })

  const serviceIn = cachedPerSpace(spaces, (memory, space) => {
    const service = createBackupService({
      ...shared,
      memory,
      settings: space === DEFAULT_SPACE_ID ? deps.settings : projectSettings(space)
    })
    service.onProgress((step) => progress.emit(step))
    return service
  })

  return {
    /** The export and import of one space ("No project" when none is named). */
    in: (space: SpaceId = DEFAULT_SPACE_ID): BackupService => serviceIn(space),
    /**
     * A space's memory written straight to `dest`, no dialog: how a deleted project's memory is
     * archived (the archive Export memory writes, so Import reads it), with the space's own caps,
     * expiry and history where it keeps them, else Settings'.
     */
    async archiveTo(space: SpaceId, dest: string): Promise<void> {
      const settings = () => {
        const { memory, expiry, history } = spaces.settingsOf(space)
        return { memory, expiry, history }
      }
      await exportMemory({ memory: spaces.memoryIn(space), settings, app: deps.app }, dest)
    },
    onProgress(listener: (step: BackupProgress) => void): () => void {
      return progress.on(listener)
    }
  }
}
export type BackupsPerSpace = ReturnType<typeof createBackupsPerSpace>
