import { join } from 'node:path'
import { askAfterMemoryFailure } from '../platform/memory-start'
import type { DevOverrides } from '../platform/dev-overrides'
import { deviceName } from '../platform/desktop/device-name'
import {
  createFilePicker,
  createFolderPicker,
  createOneFilePicker
} from '../platform/desktop/pick-files'
import { createServices, MEMORY_FOLDER_NAME, type ServiceDeps, type Services } from '../services'
import type { RedactingLogger } from '../services/log/logger'
import { MemoryStartError } from '../services/memory/off'
import { createOsKeychain } from '../services/secrets/os-keychain'
import type { ElectronApi } from './electron-api'

/**
 * Builds every service with its Electron-backed dependencies. Resolves to null when the memory
 * folder could not be opened and the user chose to quit.
 */
export async function setupServices(
  electron: Pick<ElectronApi, 'app' | 'BrowserWindow' | 'clipboard' | 'dialog' | 'shell'>,
  context: {
    userDataDir: string
    logsDir: string
    overrides: DevOverrides
    logger: RedactingLogger
    env: NodeJS.ProcessEnv
  }
): Promise<Services | null> {
  const { app, BrowserWindow, clipboard, dialog, shell } = electron
  const { userDataDir, logsDir, overrides, logger, env } = context
  const serviceDeps: ServiceDeps = {
    userDataDir,
    deviceName: deviceName(),
    keychain: createOsKeychain(),
    // A separate keychain entry for test runs, so they never touch the user's real key.
    ...(overrides.keychainService ? { keychainService: overrides.keychainService } : {}),
    openPath: (path) => shell.openPath(path),
    writeClipboard: (text) => clipboard.writeText(text),
    openExternal: (url) => shell.openExternal(url),
    chooseSavePath: async ({ title, defaultName, filters }) => {
      const options = { title, defaultPath: join(app.getPath('documents'), defaultName), filters }
      const window = BrowserWindow.getFocusedWindow()
      const chosen = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options)
      return chosen.canceled || !chosen.filePath ? null : chosen.filePath
    },
    pickFiles: createFilePicker(dialog, () => BrowserWindow.getFocusedWindow()),
    chooseOpenFile: createOneFilePicker(dialog, () => BrowserWindow.getFocusedWindow()),
    pickFolder: createFolderPicker(dialog, () => BrowserWindow.getFocusedWindow()),
    ...(overrides.anthropic ? { anthropic: overrides.anthropic } : {}),
    ...(overrides.claudeDesktopConfig
      ? { claudeDesktopConfig: overrides.claudeDesktopConfig }
      : {}),
    logger,
    env,
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      electronVersion: process.versions.electron ?? null
    },
    diagnostics: {
      logsDir,
      packaged: app.isPackaged,
      versions: { ...process.versions },
      scrub: logger.scrub
    }
  }
  return openServices(serviceDeps, {
    ask: (reason) => askAfterMemoryFailure(dialog, reason, join(userDataDir, MEMORY_FOLDER_NAME)),
    openFolder: () => shell.openPath(userDataDir)
  })
}

/**
 * Builds the services; when the memory folder cannot be opened, asks the user (memory off, open
 * the data folder and try again, or quit). Resolves to null when the user quits.
 */
async function openServices(
  deps: ServiceDeps,
  user: {
    ask: (reason: string) => ReturnType<typeof askAfterMemoryFailure>
    openFolder: () => Promise<string>
  }
): Promise<Services | null> {
  for (;;) {
    try {
      return await createServices(deps)
    } catch (error) {
      if (!(error instanceof MemoryStartError) || deps.memoryOff) throw error
      const choice = await user.ask(error.reason)
      if (choice === 'quit') return null
      if (choice === 'memory-off') deps = { ...deps, memoryOff: { reason: error.reason } }
      else await user.openFolder().catch(() => undefined)
    }
  }
}
