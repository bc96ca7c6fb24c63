import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  Notification,
  protocol,
  screen,
  session,
  shell,
  Tray
} from 'electron'
import type { RendererLocation } from './ipc/trusted-url'
import { registerAppScheme } from './platform/app-protocol'
import { devOverrides } from './platform/dev-overrides'
import { startLocalCrashReporter } from './platform/desktop/crash-reporter'
import { configureLogsPath, configureUserData } from './platform/user-data'
import { setupAttention, type AttentionElectronApi } from './setup/desktop/attention'
import { setupCrashHandling } from './setup/crashes'
import type { ElectronApi, HostProcess } from './setup/electron-api'
import { refuseDebugging } from './setup/guard'
import { setupIpc } from './setup/ipc'
import { setupLifecycle } from './setup/lifecycle'
import { setupLinks } from './setup/desktop/links'
import { setupLogging } from './setup/logging'
import { setupQuickAsk } from './setup/desktop/quick-ask'
import { setupSecurity } from './setup/security'
import { setupServices } from './setup/services'
import { setupTray } from './setup/desktop/tray'
import { setupUpdates } from './setup/desktop/updates'
import { setupWindow } from './setup/window'

export type { ElectronApi } from './setup/electron-api'

// Lifecycle only: each step is one setupX() in src/main/setup/, run in this order.

export async function start(
  electron: ElectronApi & Partial<Pick<AttentionElectronApi, 'Notification'>>,
  env: NodeJS.ProcessEnv,
  host: HostProcess = process
): Promise<void> {
  const { app, protocol } = electron
  if (refuseDebugging(electron, host)) return
  const overrides = devOverrides(app.isPackaged, env)
  // Paths relative to the built main bundle (out/main/), so they stay in this file.
  const here = fileURLToPath(new URL('.', import.meta.url))
  const preload = join(here, '../preload/index.cjs')
  // Packaged inside the app archive (electron-builder.yml `files`); macOS's menu bar wants it small.
  const trayIcon = join(
    here,
    `../../build/icons/${process.platform === 'darwin' ? '16x16' : '32x32'}.png`
  )
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
  startLocalCrashReporter(app, electron.crashReporter, logsDir)
  // Before ready: macOS delivers a link that launched the app as open-url right away.
  const links = setupLinks(electron, host)
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
  void setupUpdates({ packaged: app.isPackaged, services, logger })
  const window = setupWindow(electron, { preload, renderer, services, logger, dialogs })
  links.connect(services.links, () => void window.focusWindow().catch(() => undefined))
  const quickAsk = setupQuickAsk(electron, {
    preload,
    renderer,
    services,
    logger,
    showMain: async () => void (await window.focusWindow()).show()
  })
  const tray = setupTray(electron, {
    services,
    window,
    logger,
    icon: trayIcon,
    requests: { openQuickAsk: () => void quickAsk.openQuickAsk().catch(() => undefined) }
  })
  // Approvals waiting: the icon's count, the title, the tray's tooltip, a notification.
  const attention = setupAttention(
    { app, ...(electron.Notification ? { Notification: electron.Notification } : {}) },
    { services, window, tray, logger }
  )
  setupLifecycle(electron, {
    window,
    services,
    logger,
    disconnect: () => {
      attention.dispose()
      tray.dispose()
      ipc.dispose()
    },
    keepsRunning: tray.keepsRunning,
    onSecondLaunch: links.fromArgv
  })

  await window.ensureWindow()
  // The page has loaded: MCP servers start now, in the background, never before the first screen.
  void services.mcp.start()
  logger.info('Cairn started', { version: app.getVersion() })
}

/** Electron runs this module as the main entry; `running` settles once start-up is over. */
export const running: Promise<void> = start(
  {
    app,
    BrowserWindow,
    clipboard,
    crashReporter,
    dialog,
    globalShortcut,
    ipcMain,
    Menu,
    Notification,
    protocol,
    screen,
    session,
    shell,
    Tray
  },
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
