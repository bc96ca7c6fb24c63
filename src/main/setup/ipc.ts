import { bindIpc } from '../ipc/electron-ipc'
import { checkedEmitter, wireEvents, type EmitEvent } from '../ipc/events'
import { createHandlers } from '../ipc/handlers'
import { createIpcRegistry } from '../ipc/registry'
import type { Services } from '../services'
import type { Logger } from '../services/log/logger'
import type { ElectronApi } from './electron-api'

/** What setupIpc gives back: a checked way to push an event, and the undo for all of it. */
export interface IpcBinding {
  /** Sends a contract event (checked against its schema) to every open window. */
  emit: EmitEvent
  dispose(): void
}

/** Binds every contract channel to the services and forwards their notifications as events. */
export function setupIpc(
  electron: Pick<ElectronApi, 'BrowserWindow' | 'ipcMain'>,
  context: { services: Services; isOwnPage: (url: string) => boolean; logger: Logger }
): IpcBinding {
  const { BrowserWindow, ipcMain } = electron
  const { services, isOwnPage, logger } = context
  const registry = createIpcRegistry({
    handlers: createHandlers(services),
    isTrustedUrl: isOwnPage,
    logger
  })
  const unbindIpc = bindIpc(ipcMain, registry)
  let connected = true
  const emit = checkedEmitter((event, payload) => {
    if (!connected) return
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed() && !window.webContents.isDestroyed())
        window.webContents.send(event, payload)
    }
  })
  const unwireEvents = wireEvents(services, emit)
  return {
    emit,
    dispose: () => {
      connected = false
      unwireEvents()
      unbindIpc()
    }
  }
}
