import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { methodPath, type CairnApi } from '@shared/bridge'
import { channelNames } from '@shared/contract'
import { createFakeElectron, type FakeElectron } from '../../main/__tests__/electron-mock'

let fake: FakeElectron

beforeEach(() => {
  vi.resetModules()
})

afterEach(() => {
  vi.doUnmock('electron')
})

async function loadPreload(): Promise<CairnApi> {
  fake = createFakeElectron()
  vi.doMock('electron', () => fake.module)
  await import('../index')
  expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
  return fake.contextBridge.exposed.get('cairn') as CairnApi
}

/** Every value reachable from the exposed api, to prove no Electron object is among them. */
function reachable(root: unknown, seen = new Set<unknown>()): Set<unknown> {
  if (root === null || (typeof root !== 'object' && typeof root !== 'function') || seen.has(root))
    return seen
  seen.add(root)
  for (const key of Reflect.ownKeys(root as object)) {
    const descriptor = Object.getOwnPropertyDescriptor(root, key)
    if (descriptor && 'value' in descriptor) reachable(descriptor.value, seen)
  }
  return seen
}

describe('preload', () => {
  it("exposes exactly one global, 'cairn'", async () => {
    await loadPreload()
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledWith('cairn', expect.any(Object))
    expect([...fake.contextBridge.exposed.keys()]).toEqual(['cairn'])
  })

  it('exposes named methods and on, never ipcRenderer', async () => {
    const api = await loadPreload()
    expect(Object.keys(api).sort()).toEqual(
      [...new Set(channelNames.map((channel) => channel.split(':')[0])), 'on'].sort()
    )
    const values = reachable(api)
    expect(values.has(fake.ipcRenderer)).toBe(false)
    expect(values.has(fake.ipcRenderer.invoke)).toBe(false)
    expect(values.has(fake.ipcRenderer.on)).toBe(false)
    expect(values.has(fake.contextBridge)).toBe(false)
    for (const value of values) {
      if (typeof value === 'object' && value !== null)
        for (const key of ['ipcRenderer', 'send', 'sendSync', 'invoke', 'postMessage'])
          expect(Object.hasOwn(value, key), key).toBe(false)
    }
  })

  it('invokes through ipcRenderer.invoke on the contract channel and unwraps the answer', async () => {
    const api = await loadPreload()
    fake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, data: { theme: 'dark' } })
    await expect(api.settings.update({ theme: 'dark' })).resolves.toEqual({ theme: 'dark' })
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith('settings:update', { theme: 'dark' })

    fake.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'apiKey: the API key is too short' }
    })
    await expect(api.secrets.setApiKey({ apiKey: 'x' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      detail: 'apiKey: the API key is too short'
    })
    expect(fake.ipcRenderer.invoke).toHaveBeenLastCalledWith('secrets:set-api-key', {
      apiKey: 'x'
    })
  })

  it('sends each named method to its own channel', async () => {
    const api = (await loadPreload()) as unknown as Record<
      string,
      Record<string, (input?: unknown) => Promise<unknown>>
    >
    for (const channel of channelNames) {
      const [domain, method] = methodPath(channel)
      await api[domain]?.[method]?.()
    }
    expect(fake.ipcRenderer.invoke.mock.calls.map(([channel]) => channel)).toEqual(channelNames)
  })

  it('on subscribes with ipcRenderer.on, passes only the payload, and unsubscribes', async () => {
    const api = await loadPreload()
    const listener = vi.fn()
    const off = api.on('settings:changed', listener)
    expect(fake.ipcRenderer.on).toHaveBeenCalledTimes(1)
    expect(fake.ipcRenderer.on).toHaveBeenCalledWith('settings:changed', expect.any(Function))

    // Electron calls the relay with (IpcRendererEvent, payload); the page must never see the event,
    // whose `sender` is ipcRenderer itself.
    const ipcEvent = { sender: fake.ipcRenderer, senderId: 0 }
    fake.ipcRenderer.events.emit('settings:changed', ipcEvent, { settings: { theme: 'dark' } })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener.mock.calls[0]).toEqual([{ settings: { theme: 'dark' } }])

    off()
    const relay = fake.ipcRenderer.on.mock.calls[0]?.[1]
    expect(fake.ipcRenderer.removeListener).toHaveBeenCalledWith('settings:changed', relay)
    fake.ipcRenderer.events.emit('settings:changed', ipcEvent, { settings: { theme: 'light' } })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('refuses an unknown event without touching ipcRenderer', async () => {
    const api = await loadPreload()
    // The preload's own copy of CairnError (modules are reset), so match the code in the message.
    expect(() => api.on('memory:secret-stream' as never, () => undefined)).toThrow(
      /\[UNKNOWN_CHANNEL\]/
    )
    expect(fake.ipcRenderer.on).not.toHaveBeenCalled()
  })
})
