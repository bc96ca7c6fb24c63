import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { channelNames } from '@shared/contract'
import type { IpcRegistry, SenderInfo } from './registry'

export function senderOf(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): SenderInfo | null {
  const frame = event.senderFrame
  if (!frame) return null
  return { url: frame.url, isTopLevel: frame.parent === null }
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
