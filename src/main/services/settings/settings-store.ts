import { join } from 'node:path'
import {
  applySettingsPatch,
  defaultSettings,
  SETTINGS_VERSION,
  SettingsSchema,
  type Settings,
  type SettingsPatch
} from '@shared/app/settings'
import type { SettingsState } from '@shared/contract'
import { CairnError } from '@shared/errors'
import { ensurePrivateDir, writeFileDurably } from '../fs/durable'
import { firstIssue, readJsonOrMoveAside } from '../fs/json-file'
import type { Logger } from '../log/logger'
import { Emitter } from '../events/emitter'
import { migrateSettings } from './migrations'

export const SETTINGS_FILE = 'settings.json'

export interface SettingsStore {
  /** Reads the file once; call before anything else. A bad file is moved aside, never lost. */
  load(): Promise<void>
  get(): SettingsState
  update(patch: SettingsPatch): Promise<Settings>
  onChange(listener: (settings: Settings) => void): () => void
  dispose(): void
}

export interface SettingsStoreOptions {
  dir: string
  logger: Logger
  clock?: () => Date
}

export function createSettingsStore({
  dir,
  logger,
  clock = () => new Date()
}: SettingsStoreOptions): SettingsStore {
  const file = join(dir, SETTINGS_FILE)
  // The change is saved: a failing listener is logged, never reported as a failed update.
  const changes = new Emitter<Settings>((error) =>
    logger.error('settings listener failed', { error })
  )
  let state: SettingsState = { settings: defaultSettings(), notice: null }
  // One writer: updates run one after another, each on the result of the last.
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<void> {
    const read = await readJsonOrMoveAside({
      file,
      label: 'settings file',
      logger,
      clock,
      parse: (raw) => {
        const migrated = migrateSettings(raw)
        if (!migrated.ok) return migrated
        const parsed = SettingsSchema.safeParse(migrated.value)
        return parsed.success
          ? { ok: true, value: parsed.data }
          : { ok: false, reason: firstIssue(parsed.error.issues, 'invalid values') }
      }
    })
    if (read.kind === 'read') state = { settings: read.value, notice: null }
    if (read.kind === 'moved')
      state = {
        settings: defaultSettings(),
        notice: {
          kind: 'recovered',
          movedTo: read.movedTo,
          message: `Your settings file could not be read (${read.reason}), so Cairn started with defaults. The old file was kept as ${read.movedTo} in the app's data folder.`
        }
      }
  }

  function update(patch: SettingsPatch): Promise<Settings> {
    const next = queue.then(async () => {
      const result = applySettingsPatch(state.settings, patch)
      if (!result.ok) {
        throw new CairnError(
          'SETTINGS_INVALID',
          result.issues.map((i) => `${i.path}: ${i.message}`).join('; ')
        )
      }
      try {
        await ensurePrivateDir(dir)
        await writeFileDurably(file, JSON.stringify(result.settings, null, 2) + '\n')
      } catch (error) {
        logger.error('settings write failed', { error })
        throw new CairnError(
          'SETTINGS_WRITE_FAILED',
          `Your settings could not be saved (${(error as NodeJS.ErrnoException).code ?? 'write error'}). Check that the disk is not full or read-only, then try again.`
        )
      }
      state = { settings: result.settings, notice: state.notice }
      changes.emit(result.settings)
      return result.settings
    })
    queue = next.catch(() => undefined)
    return next
  }

  return {
    load,
    get: () => state,
    update,
    onChange: (listener) => changes.on(listener),
    dispose: () => changes.clear()
  }
}

export { SETTINGS_VERSION }
