import { readFile, rename } from 'node:fs/promises'
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

  async function moveAside(reason: string): Promise<void> {
    const stamp = clock().toISOString().replace(/[:.]/g, '-')
    const movedTo = `settings.corrupt-${stamp}.json`
    await rename(file, join(dir, movedTo))
    logger.warn('settings file unreadable; moved aside', { reason, movedTo })
    state = {
      settings: defaultSettings(),
      notice: {
        kind: 'recovered',
        movedTo,
        message: `Your settings file could not be read (${reason}), so Cairn started with defaults. The old file was kept as ${movedTo} in the app's data folder.`
      }
    }
  }

  async function load(): Promise<void> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return moveAside('it is not valid JSON')
    }
    const migrated = migrateSettings(raw)
    if (!migrated.ok) return moveAside(migrated.reason)
    const parsed = SettingsSchema.safeParse(migrated.value)
    if (!parsed.success) {
      const first = parsed.error.issues[0]
      return moveAside(
        first ? `${first.path.join('.') || 'file'}: ${first.message}` : 'invalid values'
      )
    }
    state = { settings: parsed.data, notice: null }
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
