import type { BrowserWindow } from 'electron'
import type { RendererLocation } from '../ipc/trusted-url'
import { watchRenderer, type CrashDialogs } from '../platform/crash-handling'
import type { Services } from '../services'
import type { Logger } from '../services/log/logger'
import { createMainWindow } from '../window'
import type { ElectronApi } from './electron-api'

export interface MainWindowHandle {
  /** The one main window, opened again if it was closed (macOS, the tray keep the app running). */
  ensureWindow(): Promise<BrowserWindow>
  /** Opens (if needed), restores and focuses the window. */
  focusWindow(): Promise<BrowserWindow>
  /** The window now, if one is open (null while none is, or while it opens). */
  current(): BrowserWindow | null
  /** Writes the window started (its bounds as it closes); quitting waits for them. */
  readonly pendingWrites: ReadonlySet<Promise<void>>
}

export function setupWindow(
  electron: Pick<ElectronApi, 'app' | 'BrowserWindow' | 'dialog' | 'screen'>,
  context: {
    preload: string
    renderer: RendererLocation
    services: Services
    logger: Logger
    dialogs: CrashDialogs
  }
): MainWindowHandle {
  const { app, BrowserWindow, dialog, screen } = electron
  const { preload, renderer, services, logger, dialogs } = context
  const pendingWrites = new Set<Promise<void>>()
  const tracked = (write: Promise<void>): Promise<void> => {
    pendingWrites.add(write)
    void write.finally(() => pendingWrites.delete(write)).catch(() => undefined)
    return write
  }

  let mainWindow: BrowserWindow | null = null
  let opening: Promise<BrowserWindow> | null = null
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
  const focusWindow = async (): Promise<BrowserWindow> => {
    const window = await ensureWindow()
    if (window.isMinimized()) window.restore()
    window.focus()
    return window
  }
  const current = (): BrowserWindow | null =>
    mainWindow && !mainWindow.isDestroyed() ? mainWindow : null
  return { ensureWindow, focusWindow, current, pendingWrites }
}
