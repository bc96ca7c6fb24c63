import type {
  BackupProgress,
  ExportResult,
  ImportInput,
  ImportPreview,
  ImportResult
} from '@shared/memory/backup'
import { CairnError, isCairnError } from '@shared/errors'
import type { Settings, SettingsPatch } from '@shared/app/settings'
import type { MemoryService } from '../memory/service'
import type { ChooseSavePath } from '../chat/chat-service'
import { exportMemory } from './export'
import { EXPORT_EXTENSION, type ExportedSettings, type Limits } from './format'
import { createImporter, StaleImport } from './import'
import { ArchiveError } from './tar'
import { Emitter } from '../events/emitter'

// Export memory / Import (Settings → Sync and backups). Dialogs come in as plain functions
// (main's dialog.showSaveDialog / showOpenDialog), so this runs the same in tests and the harness.

/** The OS open dialog for one file; null when cancelled. */
export type ChooseOpenFile = (options: {
  title: string
  filters: Array<{ name: string; extensions: string[] }>
}) => Promise<string | null>

export interface BackupDeps {
  memory: MemoryService
  /** The settings store: an export carries the memory settings, an import may apply them. */
  settings: { get(): { settings: Settings }; update(patch: SettingsPatch): Promise<unknown> }
  app: { name: string; version: string }
  chooseSavePath?: ChooseSavePath
  chooseOpenFile?: ChooseOpenFile
  now?: () => Date
  /** What an imported archive may hold (LIMITS unless a test passes smaller ones). */
  limits?: Limits
}

const FILTERS = [
  { name: 'Cairn memory export', extensions: [EXPORT_EXTENSION] },
  { name: 'All files', extensions: ['*'] }
]

/** What of the settings travels with the memory: its caps, expiry and history retention. */
function memorySettings({ memory, expiry, history }: ExportedSettings): ExportedSettings {
  return { memory, expiry, history }
}

export function createBackupService(backupDeps: BackupDeps) {
  const deps = {
    ...backupDeps,
    settings: () => memorySettings(backupDeps.settings.get().settings),
    applySettings: async (next: ExportedSettings): Promise<void> => {
      await backupDeps.settings.update(memorySettings(next))
    }
  }
  const progresses = new Emitter<BackupProgress>()
  const importer = createImporter(deps)
  let exporting = false

  function emit(progress: BackupProgress): void {
    progresses.emit(progress)
  }

  async function exportToFile(): Promise<ExportResult> {
    if (!deps.chooseSavePath)
      throw new CairnError('EXPORT_FAILED', 'Saving files is not available in this window.')
    if (exporting)
      throw new CairnError('EXPORT_FAILED', 'An export is already running; wait for it to finish.')
    const day = (deps.now?.() ?? new Date()).toISOString().slice(0, 10)
    const path = await deps.chooseSavePath({
      title: 'Export memory',
      defaultName: `cairn-memory-${day}.${EXPORT_EXTENSION}`,
      filters: FILTERS
    })
    if (!path) return { status: 'canceled' }
    exporting = true
    try {
      const summary = await exportMemory(deps, path, reporter('export', emit))
      return { status: 'saved', path, ...summary }
    } catch (error) {
      if (isCairnError(error)) throw error
      const why = (error as { code?: string }).code
      throw new CairnError(
        'EXPORT_FAILED',
        why === 'EACCES' || why === 'EPERM'
          ? 'Cairn may not write to that folder. Choose another place to save the export.'
          : why === 'ENOSPC'
            ? 'The disk is full. Free some space or choose another disk, then export again.'
            : 'The export could not be written. Nothing was saved there; try another folder.'
      )
    } finally {
      exporting = false
    }
  }

  async function chooseImport(): Promise<ImportPreview | null> {
    if (!deps.chooseOpenFile)
      throw new CairnError('IMPORT_REFUSED', 'Opening files is not available in this window.')
    const file = await deps.chooseOpenFile({ title: 'Import memory', filters: FILTERS })
    if (!file) return null
    try {
      return await importer.preview(file)
    } catch (error) {
      throw refusal(error)
    }
  }

  async function importArchive(input: ImportInput): Promise<ImportResult> {
    try {
      return await importer.apply(input.token, input.applySettings, reporter('import', emit))
    } catch (error) {
      throw refusal(error)
    }
  }

  return {
    exportToFile,
    chooseImport,
    importArchive,
    onProgress(listener: (progress: BackupProgress) => void): () => void {
      return progresses.on(listener)
    }
  }
}
export type BackupService = ReturnType<typeof createBackupService>

/**
 * A progress callback for one export or import: at most about a hundred events, however many
 * files (one per whole percent, plus the last), so a big folder does not flood the window.
 */
export function reporter(
  phase: BackupProgress['phase'],
  emit: (progress: BackupProgress) => void
): (done: number, total: number) => void {
  let last = -1
  return (done, total) => {
    const step = Math.floor((done * 100) / Math.max(total, 1))
    if (step === last && done !== total) return
    last = step
    emit({ phase, done, total })
  }
}

function refusal(error: unknown): Error {
  if (error instanceof ArchiveError)
    return new CairnError(
      'IMPORT_REFUSED',
      `${error.message} Nothing was imported. Choose a file made by Export memory.`
    )
  if (error instanceof StaleImport) return new CairnError('IMPORT_REFUSED', error.message)
  return error instanceof Error ? error : new Error(String(error))
}
