import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EventName } from '@shared/contract'
import { defaultSettings, type Settings } from '@shared/app/settings'
import { createServices, type Services } from '../../services'
import { createLogger } from '../../services/log/logger'
import type { Keychain } from '../../services/secrets/keychain'
import { checkedEmitter, wireEvents, type EmitEvent } from '../events'

const noKeychain: Keychain = {
  getPassword: async () => null,
  setPassword: async () => undefined,
  deletePassword: async () => false
}

describe('checkedEmitter', () => {
  it('sends a payload that matches the contract, as parsed', () => {
    const send = vi.fn()
    const emit = checkedEmitter(send)
    const settings = defaultSettings()
    emit('settings:changed', { settings })
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenCalledWith('settings:changed', { settings })
  })

  it('drops fields the contract does not name', () => {
    const send = vi.fn()
    checkedEmitter(send)('settings:changed', {
      settings: defaultSettings(),
      apiKey: 'sk-ant-never'
    } as never)
    expect(JSON.stringify(send.mock.calls)).not.toContain('sk-ant-never')
  })

  it.each([
    ['a missing settings object', {}],
    ['an out-of-range value', { settings: { ...defaultSettings(), maxTokens: -1 } }],
    ['a wrong type', { settings: { ...defaultSettings(), theme: 42 } }],
    ['null', null]
  ])('throws on %s and sends nothing', (_label, payload) => {
    const send = vi.fn()
    const emit = checkedEmitter(send)
    expect(() => emit('settings:changed', payload as never)).toThrow()
    expect(send).not.toHaveBeenCalled()
  })
})

describe('wireEvents', () => {
  let dir: string
  let services: Services
  let logLines: string[]

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cairn-events-'))
    logLines = []
    services = await createServices({
      userDataDir: dir,
      keychain: noKeychain,
      openPath: async () => '',
      logger: createLogger({ sink: (line) => logLines.push(line) }),
      env: {},
      app: { name: 'Cairn', version: 'test', platform: 'linux', electronVersion: null }
    })
  })

  afterEach(async () => {
    await services.dispose()
    await rm(dir, { recursive: true, force: true })
  })

  it('emits settings:changed with the saved settings after an update', async () => {
    const sent: Array<[EventName, unknown]> = []
    wireEvents(
      services,
      checkedEmitter((event, payload) => sent.push([event, payload]))
    )
    const saved = await services.settings.update({ maxTokens: 1234 })
    expect(sent).toEqual([['settings:changed', { settings: saved }]])
    expect((sent[0]?.[1] as { settings: Settings }).settings.maxTokens).toBe(1234)
  })

  it('emits nothing for a refused update', async () => {
    const emit = vi.fn()
    wireEvents(services, emit as EmitEvent)
    await expect(services.settings.update({ maxTokens: 0 })).rejects.toMatchObject({
      code: 'SETTINGS_INVALID'
    })
    expect(emit).not.toHaveBeenCalled()
  })

  it('stops emitting after disconnect', async () => {
    const emit = vi.fn()
    const disconnect = wireEvents(services, emit as EmitEvent)
    await services.settings.update({ maxTokens: 100 })
    expect(emit).toHaveBeenCalledTimes(1)
    disconnect()
    await services.settings.update({ maxTokens: 200 })
    expect(emit).toHaveBeenCalledTimes(1)
    expect(services.settings.get().settings.maxTokens).toBe(200)
  })

  it('never turns a failed send into a failed update, and logs it', async () => {
    wireEvents(
      services,
      checkedEmitter(() => {
        throw new Error('Object has been destroyed')
      })
    )
    await expect(services.settings.update({ maxTokens: 300 })).resolves.toMatchObject({
      maxTokens: 300
    })
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged).toContainEqual(
      expect.objectContaining({
        message: 'event could not be sent',
        event: 'settings:changed',
        reason: 'Object has been destroyed'
      })
    )
  })
})
