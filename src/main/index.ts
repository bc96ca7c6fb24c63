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
import type { App, Clipboard, Dialog, IpcMain, Protocol, Screen, Session, Shell } from 'electron'
import { bindIpc } from './ipc/electron-ipc'
import { checkedEmitter, wireEvents } from './ipc/events'
import { createHandlers } from './ipc/handlers'
import { createIpcRegistry } from './ipc/registry'
import { trustedUrlCheck, type RendererLocation } from './ipc/trusted-url'
import { handleAppProtocol, registerAppScheme } from './platform/app-protocol'
import { installCrashHandlers, watchRenderer, type CrashDialogs } from './platform/crash-handling'
import { debugSwitches, devOverrides } from './platform/dev-overrides'
import { createFilePicker } from './platform/pick-files'
import { configureLogsPath, configureUserData } from './platform/user-data'
import { askAfterMemoryFailure } from './platform/memory-start'
import { createServices, MEMORY_FOLDER_NAME, type ServiceDeps, type Services } from './services'
import { MemoryStartError } from './services/memory/off'
import { ensurePrivateDir } from './services/fs/durable'
import { createLogger } from './services/log/logger'
import { createRotatingLogFile } from './services/log/rotating-file'
import { createOsKeychain } from './services/secrets/os-keychain'
import { createMainWindow, hardenContents, hardenSession } from './window'
import { setupUpdates } from './setup-updates'

// Lifecycle only: build services, bind IPC, open the window, dispose on quit.

/** The parts of Electron the lifecycle uses; passed in so it can run against a fake in tests. */
export interface ElectronApi {
  app: Pick<
    App,
    | 'requestSingleInstanceLock'
    | 'quit'
    | 'on'
    | 'whenReady'
    | 'getPath'
    | 'setPath'
    | 'setAppLogsPath'
    | 'getName'
    | 'getVersion'
    | 'isPackaged'
    | 'exit'
  > & { readonly commandLine: Pick<App['commandLine'], 'hasSwitch'> }
  BrowserWindow: typeof BrowserWindow
  dialog: Pick<
    Dialog,
    'showErrorBox' | 'showMessageBox' | 'showMessageBoxSync' | 'showSaveDialog' | 'showOpenDialog'
  >
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  screen: Pick<Screen, 'getAllDisplays'>
  session: {
    readonly defaultSession: Pick<
      Session,
      'setPermissionRequestHandler' | 'setPermissionCheckHandler'
    >
  }
  shell: Pick<Shell, 'openExternal' | 'openPath'>
  clipboard: Pick<Clipboard, 'writeText'>
}

export async function start(
  electron: ElectronApi,
  env: NodeJS.ProcessEnv,
  host: Pick<NodeJS.Process, 'on' | 'off' | 'argv'> = process
): Promise<void> {
  const { app, BrowserWindow, clipboard, dialog, ipcMain, protocol, screen, session, shell } =
    electron
  // A packaged app never runs with a debugger attached: refused before any window or service exists.
  const switches = app.isPackaged
    ? debugSwitches(host.argv, (name) => app.commandLine.hasSwitch(name))
    : []
  if (switches.length > 0) {
    dialog.showErrorBox(
      'Cairn cannot start',
      `Cairn was started with a debugging switch (${switches.map((name) => `--${name}`).join(', ')}). ` +
        'It would let another program read your conversations and your API key, so Cairn does not ' +
        'run with it. Start Cairn again without that switch.'
    )
    app.exit(1)
    return
  }
  const overrides = devOverrides(app.isPackaged, env)
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

  await ensurePrivateDir(logsDir)
  const logFile = createRotatingLogFile(logsDir)
  const logger = createLogger({
    transport: logFile.write,
    ...(app.isPackaged ? {} : { sink: (line: string) => console.log(line) })
  })
  const dialogs: CrashDialogs = {
    showError: (title, message) => dialog.showErrorBox(title, message),
    askReload: async (message) => {
      const { response } = await dialog.showMessageBox({
        type: 'error',
        title: 'Cairn',
        message,
        buttons: ['Reload', 'Not now'],
        defaultId: 0,
        cancelId: 1
      })
      return response === 0
    }
  }
  installCrashHandlers(host, { logger, dialogs })
  if (renderer.kind === 'app') handleAppProtocol(protocol, renderer.root)
  const isOwnPage = trustedUrlCheck(renderer)
  hardenSession(session.defaultSession)
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, isOwnPage))

  const serviceDeps: ServiceDeps = {
    userDataDir,
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
    ...(overrides.anthropic ? { anthropic: overrides.anthropic } : {}),
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
  const services = await openServices(serviceDeps, {
    ask: (reason) => askAfterMemoryFailure(dialog, reason, join(userDataDir, MEMORY_FOLDER_NAME)),
    openFolder: () => shell.openPath(userDataDir)
  })
  if (!services) {
    app.exit(1)
    return
  }
  const registry = createIpcRegistry({
    handlers: createHandlers(services),
    isTrustedUrl: isOwnPage,
    logger
  })
  const unbindIpc = bindIpc(ipcMain, registry)
  void setupUpdates({ packaged: app.isPackaged, services, logger })
  const unwireEvents = wireEvents(
    services,
    checkedEmitter((event, payload) => {
      for (const window of BrowserWindow.getAllWindows()) {
        if (!window.isDestroyed() && !window.webContents.isDestroyed())
          window.webContents.send(event, payload)
      }
    })
  )

  // The window saves its bounds as it closes; quitting waits for those writes to land.
  const pendingWrites = new Set<Promise<void>>()
  const tracked = (write: Promise<void>): Promise<void> => {
    pendingWrites.add(write)
    void write.finally(() => pendingWrites.delete(write)).catch(() => undefined)
    return write
  }

  let mainWindow: BrowserWindow | null = null
  let opening: Promise<BrowserWindow> | null = null
  // One window; a closed one (macOS keeps the app running) is opened again when asked for.
  const ensureWindow = (): Promise<BrowserWindow> => {
    if (mainWindow && !mainWindow.isDestroyed()) return Promise.resolve(mainWindow)
    opening ??= (async () => {
      try {
        mainWindow = await createMainWindow({
          BrowserWindow,
          workAreas: screen.getAllDisplays().map((display) => display.workArea),
          preload,
          renderer,
          devTools: !app.isPackaged,
          state: await services.windowState.load(),
          saveState: (state) => tracked(services.windowState.save(state)),
          askToLeave: (window) =>
            dialog.showMessageBoxSync(window, {
              type: 'question',
              buttons: ['Leave', 'Stay'],
              defaultId: 1,
              cancelId: 1,
              message: 'Leave with unsaved memory edits?',
              detail: 'Edits you have not saved in the memory inspector will be lost.'
            }) === 0
        })
        watchRenderer(mainWindow.webContents, { logger, dialogs })
        return mainWindow
      } finally {
        opening = null
      }
    })()
    return opening
  }
  const windowFailed = (error: unknown): void => logger.error('window could not open', { error })

  app.on('second-instance', () => {
    void ensureWindow()
      .then((window) => {
        if (window.isMinimized()) window.restore()
        window.focus()
      })
      .catch(windowFailed)
  })
  app.on('activate', () => void ensureWindow().catch(windowFailed))
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Quitting waits for pending writes, then for the services to flush (the memory index).
  let disposal: Promise<void> | null = null
  let disposed = false
  app.on('will-quit', (event) => {
    if (pendingWrites.size > 0) {
      event.preventDefault()
      void Promise.allSettled([...pendingWrites]).then(() => app.quit())
      return
    }
    if (disposed) return
    event.preventDefault()
    disposal ??= (async () => {
      unwireEvents()
      unbindIpc()
      await services.dispose().catch((error: unknown) => logger.error('shutdown failed', { error }))
      disposed = true
      app.quit()
    })()
  })

  await ensureWindow()
  logger.info('Cairn started', { version: app.getVersion() })
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
