import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { channelNames, type Envelope } from '@shared/contract'
import { createFakeElectron } from '../../__tests__/electron-mock'
import { bindIpc, senderOf } from '../electron-ipc'
import type { IpcRegistry } from '../registry'

type Frame = NonNullable<IpcMainInvokeEvent['senderFrame']>

function frame(extra: Partial<Record<keyof Frame, unknown>> = {}): Frame {
  return {
    url: 'file:///app/index.html',
    parent: null,
    detached: false,
    isDestroyed: () => false,
    ...extra
  } as unknown as Frame
}

describe('senderOf', () => {
  it('describes a live top-level frame', () => {
    expect(senderOf({ senderFrame: frame() })).toEqual({
      url: 'file:///app/index.html',
      isTopLevel: true
    })
  })

  it('marks a sub-frame as not top-level', () => {
    expect(senderOf({ senderFrame: frame({ parent: frame() }) })).toEqual({
      url: 'file:///app/index.html',
      isTopLevel: false
    })
  })

  it('answers null when the frame is gone', () => {
    expect(senderOf({ senderFrame: null })).toBeNull()
    expect(senderOf({ senderFrame: frame({ isDestroyed: () => true }) })).toBeNull()
    expect(senderOf({ senderFrame: frame({ detached: true }) })).toBeNull()
  })

  it('answers null, not a throw, when Electron throws on a disposed frame', () => {
    const disposed = {
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed')
      },
      parent: null,
      detached: false,
      isDestroyed: () => false
    } as unknown as Frame
    expect(senderOf({ senderFrame: disposed })).toBeNull()
    const event = {
      get senderFrame(): Frame {
        throw new Error('Object has been destroyed')
      }
    }
    expect(senderOf(event)).toBeNull()
  })
})

describe('bindIpc', () => {
  function setup() {
    const fake = createFakeElectron()
    const handle = vi.fn(async (channel: unknown, input: unknown): Promise<Envelope> => ({
      ok: true,
      data: { channel, input }
    }))
    const registry: IpcRegistry = { handle }
    const unbind = bindIpc(fake.ipcMain as unknown as IpcMain, registry)
    return { fake, handle, unbind }
  }

  it('registers exactly one handler per contract channel', () => {
    const { fake } = setup()
    expect(fake.ipcMain.handle).toHaveBeenCalledTimes(channelNames.length)
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual([...channelNames].sort())
  })

  it('hands the channel, the input and the sender frame to the registry', async () => {
    const { fake, handle } = setup()
    const answer = await fake.ipcMain.invoke(
      'settings:update',
      { maxTokens: 5 },
      { url: 'file:///app/index.html' }
    )
    expect(answer).toEqual({
      ok: true,
      data: { channel: 'settings:update', input: { maxTokens: 5 } }
    })
    expect(handle).toHaveBeenCalledWith(
      'settings:update',
      { maxTokens: 5 },
      { url: 'file:///app/index.html', isTopLevel: true }
    )
    await fake.ipcMain.invoke('app:info', undefined, {
      url: 'https://evil.example/',
      topLevel: false
    })
    expect(handle).toHaveBeenLastCalledWith('app:info', undefined, {
      url: 'https://evil.example/',
      isTopLevel: false
    })
  })

  it('passes a null sender when the event has no frame', async () => {
    const { fake, handle } = setup()
    const handler = fake.ipcMain.handlers.get('app:info')
    await handler?.({ senderFrame: null }, undefined)
    expect(handle).toHaveBeenCalledWith('app:info', undefined, null)
  })

  it('unbinds every channel it bound, and can bind again afterwards', () => {
    const { fake, unbind } = setup()
    unbind()
    expect(fake.ipcMain.removeHandler).toHaveBeenCalledTimes(channelNames.length)
    expect(fake.ipcMain.handlers.size).toBe(0)
    // The fake refuses a second handler like Electron does, so this proves the first ones are gone.
    expect(() =>
      bindIpc(fake.ipcMain as unknown as IpcMain, { handle: async () => ({ ok: true, data: 1 }) })
    ).not.toThrow()
  })
})
