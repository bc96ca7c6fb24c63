import { describe, expect, test } from 'vitest'
import { CairnError } from '@shared/errors'
import { captureLogger, countOccurrences, expectCairnError } from '../../__tests__/helpers'
import { guardKeychain } from '../keychain'
import { createSecretsService, KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE } from '../secrets-service'
import { memoryKeychain } from './memory-keychain'

const SERVICE = 'Cairn-unit-test'
const KEYCHAIN_KEY = 'sk-ant-keychain-key-1111'
const SESSION_KEY = 'sk-ant-session-key-2222'
const ENV_KEY = 'sk-ant-environment-key-3333'

function setup(env: Record<string, string | undefined> = {}) {
  const fake = memoryKeychain()
  const { logger, lines } = captureLogger()
  const secrets = createSecretsService({ keychain: fake.keychain, logger, env, service: SERVICE })
  return { fake, lines, secrets, stored: () => fake.read(SERVICE, KEYCHAIN_ACCOUNT) }
}

describe('status', () => {
  test('nothing configured anywhere', async () => {
    const { secrets } = setup()
    expect(await secrets.status()).toEqual({
      configured: false,
      source: null,
      hint: null,
      keychainAvailable: true
    })
    expect(await secrets.getApiKey()).toBeNull()
  })

  test('a key in the keychain: source keychain, hint = its last 4 characters, never the key', async () => {
    const { fake, secrets } = setup()
    fake.write(SERVICE, KEYCHAIN_ACCOUNT, KEYCHAIN_KEY)
    const status = await secrets.status()
    expect(status).toEqual({
      configured: true,
      source: 'keychain',
      hint: '1111',
      keychainAvailable: true
    })
    expect(JSON.stringify(status)).not.toContain(KEYCHAIN_KEY.slice(0, -4))
    expect(await secrets.getApiKey()).toBe(KEYCHAIN_KEY)
  })

  test('uses its own keychain service name and Cairn’s account', async () => {
    const { fake, secrets } = setup()
    await secrets.status()
    expect(fake.calls).toEqual([{ op: 'get', service: SERVICE, account: KEYCHAIN_ACCOUNT }])
    expect(SERVICE).not.toBe(KEYCHAIN_SERVICE)
  })

  test('a keychain that cannot be read: keychainAvailable false, no throw', async () => {
    const { fake, lines, secrets } = setup()
    fake.fail.get = new Error('Secret Service is locked')
    expect(await secrets.status()).toEqual({
      configured: false,
      source: null,
      hint: null,
      keychainAvailable: false
    })
    expect(lines.some((line) => line.includes('keychain read failed'))).toBe(true)
  })

  test('a keychain that cannot be read does not hide a session key', async () => {
    const { fake, secrets } = setup()
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    fake.fail.get = new Error('gone')
    expect(await secrets.status()).toMatchObject({
      configured: true,
      source: 'session',
      keychainAvailable: false
    })
    expect(await secrets.getApiKey()).toBe(SESSION_KEY)
  })
})

describe('precedence: environment > session > keychain', () => {
  test('all three set → environment', async () => {
    const { fake, secrets } = setup({ ANTHROPIC_API_KEY: ENV_KEY })
    fake.write(SERVICE, KEYCHAIN_ACCOUNT, KEYCHAIN_KEY)
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    expect(await secrets.status()).toMatchObject({ source: 'environment', hint: '3333' })
    expect(await secrets.getApiKey()).toBe(ENV_KEY)
  })

  test('session and keychain set → session', async () => {
    const { fake, secrets } = setup()
    fake.write(SERVICE, KEYCHAIN_ACCOUNT, KEYCHAIN_KEY)
    const status = await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    expect(status).toMatchObject({ source: 'session', hint: '2222' })
    expect(await secrets.getApiKey()).toBe(SESSION_KEY)
  })

  test('an environment key is trimmed; an empty or blank one counts as none', async () => {
    expect(await setup({ ANTHROPIC_API_KEY: `  ${ENV_KEY}\n` }).secrets.getApiKey()).toBe(ENV_KEY)
    for (const blank of ['', '   ']) {
      const { fake, secrets } = setup({ ANTHROPIC_API_KEY: blank })
      fake.write(SERVICE, KEYCHAIN_ACCOUNT, KEYCHAIN_KEY)
      expect(await secrets.status()).toMatchObject({ source: 'keychain' })
    }
  })
})

describe('setApiKey', () => {
  test('stores the (trimmed) key in the keychain and reports it', async () => {
    const { secrets, stored } = setup()
    const status = await secrets.setApiKey({ apiKey: `  ${KEYCHAIN_KEY}  ` })
    expect(stored()).toBe(KEYCHAIN_KEY)
    expect(status).toEqual({
      configured: true,
      source: 'keychain',
      hint: '1111',
      keychainAvailable: true
    })
  })

  test('storing in the keychain clears an earlier session key', async () => {
    const { secrets } = setup()
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    const status = await secrets.setApiKey({ apiKey: KEYCHAIN_KEY })
    expect(status.source).toBe('keychain')
    expect(await secrets.getApiKey()).toBe(KEYCHAIN_KEY)
  })

  test('sessionOnly keeps the key in memory only: the keychain is never written', async () => {
    const { fake, secrets } = setup()
    const status = await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    expect(status).toMatchObject({ configured: true, source: 'session', hint: '2222' })
    expect(fake.calls.filter((call) => call.op !== 'get')).toEqual([])
    expect(fake.size()).toBe(0)
  })

  test('a keychain that refuses → KEYCHAIN_UNAVAILABLE offering the session-only option', async () => {
    const { fake, secrets } = setup()
    fake.fail.set = new Error('no Secret Service')
    const error = await expectCairnError(
      secrets.setApiKey({ apiKey: KEYCHAIN_KEY }),
      'KEYCHAIN_UNAVAILABLE'
    )
    expect(error.detail).toMatch(/for this session only/)
    expect(error.detail).toMatch(/forgotten when Cairn quits/)
    expect(error.detail).not.toContain(KEYCHAIN_KEY)
    expect(await secrets.status()).toMatchObject({ configured: false, source: null })
  })

  test('the reason from a guarded keychain is kept in the message', async () => {
    const fake = memoryKeychain()
    fake.fail.set = new Error('collection is locked')
    const secrets = createSecretsService({
      keychain: guardKeychain(fake.keychain),
      logger: captureLogger().logger,
      service: SERVICE
    })
    const error = await expectCairnError(
      secrets.setApiKey({ apiKey: KEYCHAIN_KEY }),
      'KEYCHAIN_UNAVAILABLE'
    )
    expect(error.detail).toContain(
      'The system keychain could not store the key (collection is locked).'
    )
    expect(error.detail).toMatch(/session only/)
  })

  test('a failed keychain store keeps an earlier session key working', async () => {
    const { fake, secrets } = setup()
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    fake.fail.set = new Error('nope')
    await expectCairnError(secrets.setApiKey({ apiKey: KEYCHAIN_KEY }), 'KEYCHAIN_UNAVAILABLE')
    expect(await secrets.getApiKey()).toBe(SESSION_KEY)
  })

  test('the key never reaches the log, in either mode', async () => {
    const { fake, lines, secrets } = setup()
    await secrets.setApiKey({ apiKey: KEYCHAIN_KEY })
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    fake.fail.get = new Error(`backend echoed ${KEYCHAIN_KEY}`)
    await secrets.status()
    expect(lines.length).toBeGreaterThanOrEqual(3)
    const log = lines.join('\n')
    expect(countOccurrences(log, KEYCHAIN_KEY)).toBe(0)
    expect(countOccurrences(log, SESSION_KEY)).toBe(0)
  })
})

describe('clearApiKey', () => {
  test('removes both the session key and the keychain entry', async () => {
    const { fake, secrets, stored } = setup()
    await secrets.setApiKey({ apiKey: KEYCHAIN_KEY })
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    const status = await secrets.clearApiKey()
    expect(status).toEqual({ configured: false, source: null, hint: null, keychainAvailable: true })
    expect(stored()).toBeNull()
    expect(fake.size()).toBe(0)
    expect(await secrets.getApiKey()).toBeNull()
  })

  test('still forgets the session key when the keychain cannot delete, and does not throw', async () => {
    const { fake, lines, secrets } = setup()
    await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
    fake.fail.delete = new Error('locked')
    const status = await secrets.clearApiKey()
    expect(status).toMatchObject({ configured: false, source: null })
    expect(lines.some((line) => line.includes('keychain delete failed'))).toBe(true)
  })

  test('an environment key stays (it is not Cairn’s to clear)', async () => {
    const { secrets } = setup({ ANTHROPIC_API_KEY: ENV_KEY })
    expect(await secrets.clearApiKey()).toMatchObject({ configured: true, source: 'environment' })
  })
})

test('dispose forgets the session key', async () => {
  const { secrets } = setup()
  await secrets.setApiKey({ apiKey: SESSION_KEY, sessionOnly: true })
  secrets.dispose()
  expect(await secrets.getApiKey()).toBeNull()
})

test('KEYCHAIN_UNAVAILABLE survives the bridge (code read back from the message)', async () => {
  const { fake, secrets } = setup()
  fake.fail.set = new Error('x')
  const error = await expectCairnError(
    secrets.setApiKey({ apiKey: KEYCHAIN_KEY }),
    'KEYCHAIN_UNAVAILABLE'
  )
  const copied = CairnError.from(new Error(error.message))
  expect(copied.code).toBe('KEYCHAIN_UNAVAILABLE')
  expect(copied.detail).toBe(error.detail)
})
