import { installCrashHandlers, type CrashDialogs } from '../platform/crash-handling'
import type { Logger } from '../services/log/logger'
import type { ElectronApi, HostProcess } from './electron-api'

/** Errors nobody caught in main are logged and shown; returns the dialogs a dead renderer uses. */
export function setupCrashHandling(
  electron: Pick<ElectronApi, 'dialog'>,
  host: HostProcess,
  logger: Logger
): CrashDialogs {
  const { dialog } = electron
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
  return dialogs
}
