import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  protocol,
  screen,
  session,
  shell
} from 'electron'
import type { RendererLocation } from './ipc/trusted-url'
import { registerAppScheme } from './platform/app-protocol'
import { devOverrides } from './platform/dev-overrides'
import { configureLogsPath, configureUserData } from './platform/user-data'
import { setupCrashHandling } from './setup/crashes'
import type { ElectronApi, HostProcess } from './setup/electron-api'
import { refuseDebugging } from './setup/guard'
import { setupIpc } from './setup/ipc'
import { setupLifecycle } from './setup/lifecycle'
import { setupLogging } from './setup/logging'
import { setupSecurity } from './setup/security'
import { setupServices } from './setup/services'
import { setupWindow } from './setup/window'

export type { ElectronApi } from './setup/electron-api'

// Lifecycle only: each step is one setupX() in src/main/setup/, run in this order.

export async function start(
  electron: ElectronApi,
  env: NodeJS.ProcessEnv,
  host: HostProcess = process
): Promise<void> {
  const { app, protocol } = electron
  if (refuseDebugging(electron, host)) return
  const overrides = devOverrides(app.isPackaged, env)
  // Paths relative to the built main bundle (out/main/), so they stay in this file.
  const here = fileURLToPath(new URL('.', import.meta.url))
  const preload = join(here, '../preload/index.cjs')
  // The built renderer is served from app://cairn/ (never file://); a development build may load
  // the dev server on this machine instead.
  const renderer: RendererLocation = overrides.rendererUrl
    ? { kind: 'url', url: overrides.rendererUrl }
    : { kind: 'app', root: join(here, '../renderer') }
  // Privileged schemes can only be registered before the app is ready.
  registerAppScheme(protocol)

  // Electron keeps the single-instance lock in the user-data folder, so a second profile
  // (CAIRN_USER_DATA_DIR) must be in place first or it would collide with the default one.
  const userDataDir = configureUserData(app, env)
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  const logsDir = configureLogsPath(app, userDataDir, env)
  await app.whenReady()

  const logger = await setupLogging(app, logsDir)
  const dialogs = setupCrashHandling(electron, host, logger)
  const isOwnPage = setupSecurity(electron, renderer)
  const services = await setupServices(electron, { userDataDir, logsDir, overrides, logger, env })
  if (!services) {
    app.exit(1)
    return
  }
  const ipc = setupIpc(electron, { services, isOwnPage, logger })
  const window = setupWindow(electron, { preload, renderer, services, logger, dialogs })
  setupLifecycle(electron, { window, services, logger, disconnect: ipc.dispose })

  await window.ensureWindow()
  logger.info('Cairn started', { version: app.getVersion() })
}

/** Electron runs this module as the main entry; `running` settles once start-up is over. */
export const running: Promise<void> = start(
  { app, BrowserWindow, clipboard, dialog, ipcMain, protocol, screen, session, shell },
  process.env
).catch((error: unknown) => {
  console.error('Cairn could not start:', error)
  // Never a silent exit: say why (the log has the details).
  try {
    dialog.showErrorBox(
      'Cairn could not start',
      `${error instanceof Error ? error.message : String(error)}\n\nCairn will close now. ` +
        'Start it again; if this keeps happening, report it with the log from the logs folder.'
    )
  } catch {
    // No dialog available (no display): the console line above is all there is.
  }
  app.exit(1)
})
