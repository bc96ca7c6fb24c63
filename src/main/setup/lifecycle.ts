import type { Services } from '../services'
import type { Logger } from '../services/log/logger'
import type { ElectronApi } from './electron-api'
import type { MainWindowHandle } from './window'

/**
 * The app's own events: a second launch focuses the window, activate reopens it, the last window
 * closing quits (not on macOS, nor with the tray on), and quitting waits for pending writes, then
 * for the services.
 */
export function setupLifecycle(
  electron: Pick<ElectronApi, 'app'>,
  context: {
    window: MainWindowHandle
    services: Services
    logger: Logger
    /** Undoes the IPC binding before the services stop. */
    disconnect: () => void
    /** Closing the last window leaves the app running in the tray. */
    keepsRunning: () => boolean
    /** A second launch's arguments, for the links among them. */
    onSecondLaunch: (argv: readonly string[]) => void
  }
): void {
  const { app } = electron
  const { window, services, logger, disconnect, keepsRunning, onSecondLaunch } = context
  const windowFailed = (error: unknown): void => logger.error('window could not open', { error })

  // A second launch hands over its arguments (a cairn:// link on Windows and Linux), then quits.
  app.on('second-instance', (_event, argv) => {
    onSecondLaunch(Array.isArray(argv) ? argv : [])
    void window.focusWindow().catch(windowFailed)
  })
  app.on('activate', () => void window.ensureWindow().catch(windowFailed))
  app.on('window-all-closed', () => {
    // macOS apps stay open without windows; elsewhere only the tray keeps Cairn running.
    if (process.platform !== 'darwin' && !keepsRunning()) app.quit()
  })
  let disposal: Promise<void> | null = null
  let disposed = false
  app.on('will-quit', (event) => {
    if (window.pendingWrites.size > 0) {
      event.preventDefault()
      void Promise.allSettled([...window.pendingWrites]).then(() => app.quit())
      return
    }
    if (disposed) return
    event.preventDefault()
    disposal ??= (async () => {
      disconnect()
      await services.dispose().catch((error: unknown) => logger.error('shutdown failed', { error }))
      disposed = true
      app.quit()
    })()
  })
}
