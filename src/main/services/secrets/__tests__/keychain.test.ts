import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { expectCairnError } from '../../__tests__/helpers'
import { guardKeychain, type Keychain } from '../keychain'
import { memoryKeychain } from './memory-keychain'

describe('guardKeychain', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('passes answers through unchanged', async () => {
    const fake = memoryKeychain()
    const guarded = guardKeychain(fake.keychain)
    expect(await guarded.getPassword('s', 'a')).toBeNull()
    await guarded.setPassword('s', 'a', 'value')
    expect(await guarded.getPassword('s', 'a')).toBe('value')
    expect(await guarded.deletePassword('s', 'a')).toBe(true)
    expect(await guarded.deletePassword('s', 'a')).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  test.each([
    ['getPassword', 'be read', (k: Keychain) => k.getPassword('s', 'a')],
    ['setPassword', 'store the key', (k: Keychain) => k.setPassword('s', 'a', 'v')],
    ['deletePassword', 'remove the key', (k: Keychain) => k.deletePassword('s', 'a')]
  ])(
    '%s: a failure becomes KEYCHAIN_UNAVAILABLE saying what failed and why',
    async (_op, action, call) => {
      const fake = memoryKeychain()
      fake.fail.get = fake.fail.set = fake.fail.delete = new Error('Platform failure: no bus')
      const error = await expectCairnError(
        call(guardKeychain(fake.keychain)),
        'KEYCHAIN_UNAVAILABLE'
      )
      expect(error.detail).toBe(
        `The system keychain could not ${action} (Platform failure: no bus).`
      )
      expect(vi.getTimerCount()).toBe(0)
    }
  )

  // What @napi-rs/keyring says when gnome-keyring exits mid-call (a CI run lost one call this way).
  const gone =
    'Platform failure: DBus error: Message recipient disconnected from message bus without replying'

  test('a call the Secret Service dropped by exiting is made once more, and answers', async () => {
    const fake = memoryKeychain()
    await fake.keychain.setPassword('s', 'a', 'value')
    let calls = 0
    const guarded = guardKeychain({
      ...fake.keychain,
      getPassword: async (service, account) => {
        calls += 1
        if (calls === 1) throw new Error(gone)
        return fake.keychain.getPassword(service, account)
      }
    })
    expect(await guarded.getPassword('s', 'a')).toBe('value')
    expect(calls).toBe(2)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('only once, and only for a dropped call: other failures are not retried', async () => {
    let calls = 0
    const failing = (message: string): Keychain => ({
      getPassword: async () => {
        calls += 1
        throw new Error(message)
      },
      setPassword: async () => undefined,
      deletePassword: async () => true
    })
    const twice = await expectCairnError(
      guardKeychain(failing(gone)).getPassword('s', 'a'),
      'KEYCHAIN_UNAVAILABLE'
    )
    expect(twice.detail).toContain('disconnected from message bus')
    expect(calls).toBe(2)
    calls = 0
    await expectCairnError(
      guardKeychain(failing('Platform failure: no bus')).getPassword('s', 'a'),
      'KEYCHAIN_UNAVAILABLE'
    )
    expect(calls).toBe(1)
  })

  test('a synchronous throw and a non-Error rejection are mapped too', async () => {
    const guarded = guardKeychain({
      getPassword: () => {
        throw new Error('constructor threw')
      },
      setPassword: () => Promise.reject('plain text'),
      deletePassword: async () => true
    })
    const read = await expectCairnError(guarded.getPassword('s', 'a'), 'KEYCHAIN_UNAVAILABLE')
    expect(read.detail).toContain('(constructor threw)')
    const write = await expectCairnError(guarded.setPassword('s', 'a', 'v'), 'KEYCHAIN_UNAVAILABLE')
    expect(write.detail).toContain('(plain text)')
  })

  test('a keychain that never answers times out after 10 seconds', async () => {
    const hanging: Keychain = {
      getPassword: () => new Promise(() => undefined),
      setPassword: () => new Promise(() => undefined),
      deletePassword: () => new Promise(() => undefined)
    }
    const guarded = guardKeychain(hanging)
    let settled = false
    const pending = guarded.setPassword('s', 'a', 'v').finally(() => {
      settled = true
    })
    const outcome = expectCairnError(pending, 'KEYCHAIN_UNAVAILABLE')

    await vi.advanceTimersByTimeAsync(9_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error.detail).toBe(
      'The system keychain could not store the key (the keychain did not answer in time).'
    )
  })
})
