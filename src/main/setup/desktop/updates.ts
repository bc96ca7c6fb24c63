import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { AppUpdater } from 'electron-updater'
import { createUpdaterPort } from '../../platform/updater'
import type { Services } from '../../services'
import type { Logger } from '../../services/log/logger'

/** Where electron-builder puts the feed settings (the `publish` block) in a packaged app. */
function packagedUpdateConfig(): string | null {
  const resources = (process as { resourcesPath?: string }).resourcesPath
  return resources ? join(resources, 'app-update.yml') : null
}

/**
 * Connects electron-updater to the updates service, in packaged builds only: a development build
 * (and the browser harness, which never calls this) keeps updates "off: development build".
 * electron-updater's autoUpdater is loaded lazily, and only when the build carries its feed
 * settings (app-update.yml, written by electron-builder from the `publish` block).
 */
export async function setupUpdates(options: {
  packaged: boolean
  services: Pick<Services, 'updates'>
  logger: Logger
  /** Tests pass their own; the app loads electron-updater's autoUpdater. */
  loadUpdater?: () => Promise<AppUpdater>
  configFile?: string | null
}): Promise<void> {
  if (!options.packaged) return
  const configFile = options.configFile === undefined ? packagedUpdateConfig() : options.configFile
  if (!configFile || !existsSync(configFile)) {
    options.logger.warn('updates are off: this build has no update feed (app-update.yml)')
    options.services.updates.unavailable()
    return
  }
  const load =
    options.loadUpdater ??
    (async () => {
      const loaded = await import('electron-updater')
      // CommonJS from ESM: the getter lives on the default export (electron-builder's ESM advice).
      return (loaded.default ?? loaded).autoUpdater
    })
  try {
    options.services.updates.connect(createUpdaterPort(await load(), options.logger))
  } catch (error) {
    options.logger.error('the updater could not start', { error })
    options.services.updates.unavailable()
  }
}
