import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildCairnApi } from '@shared/bridge'

// The page gets named methods built from the contract, never ipcRenderer itself.
contextBridge.exposeInMainWorld(
  'cairn',
  buildCairnApi({
    invoke: (channel, input) => ipcRenderer.invoke(channel, input),
    subscribe(event, listener) {
      const relay = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
      ipcRenderer.on(event, relay)
      return () => {
        ipcRenderer.removeListener(event, relay)
      }
    }
  })
)
