import { describe, expect, it, vi } from 'vitest'
import { buildCairnApi, methodPath, unwrapEnvelope, type BridgeTransport } from '../bridge'
import { channelNames, eventNames, type ChannelName, type EventName } from '../contract'
import { CairnError } from '../errors'

function transport(
  answer: (channel: ChannelName, input: unknown) => unknown = () => ({
    ok: true,
    data: null
  })
) {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const invoke = vi.fn(async (channel: ChannelName, input: unknown) => answer(channel, input))
  const subscribe = vi.fn((event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set()
    listeners.set(event, set)
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  })
  const emit = (event: EventName, payload: unknown) =>
    listeners.get(event)?.forEach((listener) => listener(payload))
  const value: BridgeTransport = { invoke, subscribe }
  return { value, invoke, subscribe, emit }
}

/** Every function in the api as a dotted path. */
function methodsOf(api: object): string[] {
  const paths: string[] = []
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === 'function') paths.push(key)
    else if (value && typeof value === 'object')
      for (const [name, method] of Object.entries(value))
        if (typeof method === 'function') paths.push(`${key}.${name}`)
  }
  return paths.sort()
}

async function rejection(promise: Promise<unknown>): Promise<CairnError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught
  )
  expect(error).toBeInstanceOf(CairnError)
  return error as CairnError
}

describe('methodPath', () => {
  it('turns domain:kebab-action into [domain, camelAction]', () => {
    expect(methodPath('secrets:set-api-key')).toEqual(['secrets', 'setApiKey'])
    expect(methodPath('app:open-memory-folder')).toEqual(['app', 'openMemoryFolder'])
    expect(methodPath('settings:get')).toEqual(['settings', 'get'])
  })
})

describe('buildCairnApi', () => {
  it('has exactly one method per channel, named in camelCase, plus on', () => {
    const api = buildCairnApi(transport().value)
    expect(methodsOf(api)).toEqual(
      expect.arrayContaining([
        'app.openMemoryFolder',
        'memory.expiryPreview',
        'secrets.setApiKey',
        'on'
      ])
    )
    expect(methodsOf(api)).toHaveLength(channelNames.length + 1)
    expect(Object.keys(api).sort()).toEqual(
      [...new Set(channelNames.map((channel) => channel.split(':')[0])), 'on'].sort()
    )
  })

  it.each(channelNames)(
    '%s is invoked on its own channel with the input as given',
    async (channel) => {
      const t = transport((name, input) => ({ ok: true, data: { name, input } }))
      const api = buildCairnApi(t.value) as unknown as Record<
        string,
        Record<string, (input?: unknown) => Promise<unknown>>
      >
      const [domain, method] = methodPath(channel)
      const input = { probe: channel }
      const result = await api[domain]?.[method]?.(input)
      expect(t.invoke).toHaveBeenCalledTimes(1)
      expect(t.invoke).toHaveBeenCalledWith(channel, input)
      expect(result).toEqual({ name: channel, input })
    }
  )

  it('unwraps {ok:true} to its data', async () => {
    const status = { configured: true, source: 'keychain', hint: 'abcd', keychainAvailable: true }
    const api = buildCairnApi(transport(() => ({ ok: true, data: status })).value)
    await expect(api.secrets.setApiKey({ apiKey: 'sk-ant-12345678' })).resolves.toEqual(status)
  })

  it('throws a CairnError with the code and detail of an {ok:false} answer', async () => {
    const api = buildCairnApi(
      transport(() => ({
        ok: false,
        error: { code: 'KEYCHAIN_UNAVAILABLE', message: 'The keychain is locked.' }
      })).value
    )
    const error = await rejection(api.secrets.setApiKey({ apiKey: 'sk-ant-12345678' }))
    expect(error.code).toBe('KEYCHAIN_UNAVAILABLE')
    expect(error.detail).toBe('The keychain is locked.')
    expect(error.message).toBe('[KEYCHAIN_UNAVAILABLE] The keychain is locked.')
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'ok'],
    ['ok as a string', { ok: 'true', data: 1 }],
    ['a failure without an error', { ok: false }],
    ['an unknown error code', { ok: false, error: { code: 'EVIL', message: 'x' } }],
    ['an error without a message', { ok: false, error: { code: 'BAD_INPUT' } }],
    ['an error message that is not text', { ok: false, error: { code: 'BAD_INPUT', message: 5 } }],
    ['an array', [true, 1]]
  ])('throws INTERNAL on a malformed envelope: %s', async (_label, raw) => {
    const api = buildCairnApi(transport(() => raw).value)
    const error = await rejection(api.app.info())
    expect(error.code).toBe('INTERNAL')
    expect(error.detail).toMatch(/unreadable answer/)
    expect(() => unwrapEnvelope(raw)).toThrow(CairnError)
  })

  it('throws INTERNAL, without the transport wording, when nothing comes back', async () => {
    const t = transport()
    t.invoke.mockRejectedValue(
      new Error("Error invoking remote method 'app:info': () => 'sk-ant-x' could not be cloned.")
    )
    const error = await rejection(buildCairnApi(t.value).app.info())
    expect(error.code).toBe('INTERNAL')
    expect(error.message).not.toContain('sk-ant-x')
    expect(error.message).not.toContain('remote method')
  })

  it('keeps a CairnError the transport threw', async () => {
    const t = transport()
    t.invoke.mockRejectedValue(new CairnError('FORBIDDEN_SENDER', 'no'))
    const error = await rejection(buildCairnApi(t.value).app.info())
    expect(error.code).toBe('FORBIDDEN_SENDER')
  })
})

describe('buildCairnApi: on', () => {
  it('subscribes, delivers payloads, and unsubscribes', () => {
    const t = transport()
    const api = buildCairnApi(t.value)
    const listener = vi.fn()
    const off = api.on('settings:changed', listener)
    expect(t.subscribe).toHaveBeenCalledWith('settings:changed', listener)
    t.emit('settings:changed', { settings: { theme: 'dark' } })
    expect(listener).toHaveBeenCalledWith({ settings: { theme: 'dark' } })
    off()
    t.emit('settings:changed', { settings: { theme: 'light' } })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it.each(['settings:nope', 'memory:nope', '__proto__', 'constructor', '', 'SETTINGS:CHANGED'])(
    'refuses the unknown event %j',
    (event) => {
      const t = transport()
      const api = buildCairnApi(t.value)
      let thrown: unknown
      try {
        api.on(event as EventName, () => undefined)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(CairnError)
      expect((thrown as CairnError).code).toBe('UNKNOWN_CHANNEL')
      expect(t.subscribe).not.toHaveBeenCalled()
    }
  )

  it('refuses a listener that is not a function', () => {
    const t = transport()
    const api = buildCairnApi(t.value)
    expect(() => api.on('settings:changed', 'nope' as never)).toThrow(CairnError)
    expect(t.subscribe).not.toHaveBeenCalled()
  })

  it('knows every event in the contract', () => {
    const t = transport()
    const api = buildCairnApi(t.value)
    for (const event of eventNames) api.on(event, () => undefined)
    expect(t.subscribe).toHaveBeenCalledTimes(eventNames.length)
  })
})

describe('CairnError.from (what the page gets back through contextBridge)', () => {
  it('round-trips code and detail from the message alone', () => {
    const original = new CairnError('KEYCHAIN_UNAVAILABLE', 'The keychain is locked. Unlock it.')
    // contextBridge hands the page a plain Error that keeps only the message.
    const crossed = new Error(original.message)
    const back = CairnError.from(crossed)
    expect(back).toBeInstanceOf(CairnError)
    expect(back.code).toBe('KEYCHAIN_UNAVAILABLE')
    expect(back.detail).toBe('The keychain is locked. Unlock it.')
  })

  it.each([
    ['Error: [KEYCHAIN_UNAVAILABLE] text', 'KEYCHAIN_UNAVAILABLE', 'text'],
    [
      "Error invoking remote method 'secrets:set-api-key': Error: [BAD_INPUT] apiKey: too long",
      'BAD_INPUT',
      'apiKey: too long'
    ],
    [
      '[SETTINGS_INVALID] maxTokens: between 1 and 128,000',
      'SETTINGS_INVALID',
      'maxTokens: between 1 and 128,000'
    ],
    [
      'Error: [BAD_INPUT] see [the docs] and [INTERNAL] notes',
      'BAD_INPUT',
      'see [the docs] and [INTERNAL] notes'
    ],
    ['[IPC] Error: [OPEN_FOLDER_FAILED] no file manager', 'OPEN_FOLDER_FAILED', 'no file manager'],
    ['Error: [BAD_INPUT] line one\nline two', 'BAD_INPUT', 'line one\nline two']
  ])('reads %j', (message, code, detail) => {
    for (const error of [new Error(message), message, { message }]) {
      const back = CairnError.from(error)
      expect(back.code).toBe(code)
      expect(back.detail).toBe(detail)
    }
  })

  it('falls back to INTERNAL with the message for anything else', () => {
    expect(CairnError.from(new Error('boom'))).toMatchObject({ code: 'INTERNAL', detail: 'boom' })
    expect(CairnError.from(new Error('[NOT_A_CODE] x'))).toMatchObject({
      code: 'INTERNAL',
      detail: '[NOT_A_CODE] x'
    })
    expect(CairnError.from(undefined)).toMatchObject({
      code: 'INTERNAL',
      detail: 'Something went wrong.'
    })
    expect(CairnError.from(Object.create(null))).toMatchObject({ code: 'INTERNAL' })
  })

  it('returns a CairnError unchanged', () => {
    const error = new CairnError('BAD_INPUT', 'x')
    expect(CairnError.from(error)).toBe(error)
  })
})
