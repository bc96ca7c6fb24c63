import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, ipcMain, screen, session, shell } from 'electron'
import { bindIpc } from './ipc/electron-ipc'
import { checkedEmitter, wireEvents } from './ipc/events'
import { createHandlers } from './ipc/handlers'
import { createIpcRegistry } from './ipc/registry'
import { trustedUrlCheck, type RendererLocation } from './ipc/trusted-url'
import { configureUserData } from './platform/user-data'
import { createServices } from './services'
import { ensurePrivateDir } from './services/fs/durable'
import { createLogger } from './services/log/logger'
import { createOsKeychain } from './services/secrets/os-keychain'
import { createMainWindow, hardenContents, hardenSession } from './window'

// Lifecycle only: build services, bind IPC, open the window, dispose on quit.

const here = fileURLToPath(new URL('.', import.meta.url))
const preload = join(here, '../preload/index.cjs')
const renderer: RendererLocation = process.env.ELECTRON_RENDERER_URL
  ? { kind: 'url', url: process.env.ELECTRON_RENDERER_URL }
  : { kind: 'file', path: join(here, '../renderer/index.html') }

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  const userDataDir = configureUserData(app, process.env)
  await app.whenReady()

  await ensurePrivateDir(join(userDataDir, 'logs'))
  const logger = createLogger({
    file: join(userDataDir, 'logs', 'main.log'),
    ...(app.isPackaged ? {} : { sink: (line: string) => console.log(line) })
  })
  hardenSession(session.defaultSession)
  app.on('web-contents-created', (_event, contents) =>
    hardenContents(contents, (url) => shell.openExternal(url))
  )

  const services = await createServices({
    userDataDir,
    keychain: createOsKeychain(),
    openPath: (path) => shell.openPath(path),
    logger,
    env: process.env,
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      electronVersion: process.versions.electron ?? null
    }
  })
  const registry = createIpcRegistry({
    handlers: createHandlers(services),
    isTrustedUrl: trustedUrlCheck(renderer),
    logger
  })
  const unbindIpc = bindIpc(ipcMain, registry)
  const unwireEvents = wireEvents(
    services,
    checkedEmitter((event, payload) => {
      for (const window of BrowserWindow.getAllWindows()) window.webContents.send(event, payload)
    })
  )

  const openWindow = async (): Promise<BrowserWindow> =>
    createMainWindow({
      BrowserWindow,
      workAreas: screen.getAllDisplays().map((display) => display.workArea),
      preload,
      renderer,
      state: await services.windowState.load(),
      saveState: (state) => services.windowState.save(state)
    })
  let mainWindow = await openWindow()

  app.on('second-instance', () => {
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0)
      void openWindow().then((window) => (mainWindow = window))
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => {
    unwireEvents()
    unbindIpc()
    services.dispose()
  })
  logger.info('Cairn started', { version: app.getVersion() })
}

main().catch((error: unknown) => {
  console.error('Cairn could not start:', error)
  app.exit(1)
})
