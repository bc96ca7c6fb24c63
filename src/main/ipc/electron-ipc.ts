import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { channelNames } from '@shared/contract'
import type { IpcRegistry, SenderInfo } from './registry'

/** The sending frame, or null when it is gone (navigated, detached, destroyed): such a request is refused. */
export function senderOf(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): SenderInfo | null {
  try {
    const frame = event.senderFrame
    if (!frame || frame.isDestroyed() || frame.detached) return null
    return { url: frame.url, isTopLevel: frame.parent === null }
  } catch {
    // Electron throws when a disposed frame is read; that sender is not our live page.
    return null
  }
}

/** Registers one ipcMain handler per contract channel; returns the unregister. */
export function bindIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  registry: IpcRegistry
): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) =>
      registry.handle(channel, input, senderOf(event))
    )
  }
  return () => channelNames.forEach((channel) => ipcMain.removeHandler(channel))
}
