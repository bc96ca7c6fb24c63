import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { captureLogger } from '../../__tests__/helpers'
import { createOsKeychain } from '../os-keychain'
import { createSecretsService, KEYCHAIN_ACCOUNT } from '../secrets-service'
import {
  announceProbe,
  keychainRequired,
  NO_KEYCHAIN_IN_CI,
  probeOsKeychain
} from './keychain-probe'

// Probed once, before the tests are collected, so a missing keychain can skip them.
const probe = await probeOsKeychain()
announceProbe(probe, 'the real OS keychain tests')
const backend = process.platform === 'linux' ? 'Secret Service' : 'OS keychain'

// Skipped only on a developer machine without a keychain that takes writes (the probe above
// prints why); with CI=true a missing keychain fails instead.
describe.skipIf(!probe.ok && !keychainRequired)('real OS keychain', () => {
  const keychain = createOsKeychain()
  let service = ''

  afterEach(async () => {
    if (service) await keychain.deletePassword(service, KEYCHAIN_ACCOUNT).catch(() => undefined)
    service = ''
  })

  function requireProbe(): void {
    if (!probe.ok) throw new Error(`${NO_KEYCHAIN_IN_CI} (${probe.reason})`)
  }

  test('set → get → secrets status says keychain → delete → get null', async () => {
    requireProbe()
    service = `Cairn-test-${randomUUID()}`
    // Quote and backslash: what a JSON or D-Bus layer could mangle.
    const key = `sk-ant-test-${randomUUID()}-"q\\b`

    expect(await keychain.getPassword(service, KEYCHAIN_ACCOUNT)).toBeNull()
    await keychain.setPassword(service, KEYCHAIN_ACCOUNT, key)
    expect(await keychain.getPassword(service, KEYCHAIN_ACCOUNT)).toBe(key)

    const secrets = createSecretsService({ keychain, logger: captureLogger().logger, service })
    expect(await secrets.status()).toEqual({
      configured: true,
      source: 'keychain',
      hint: key.slice(-4),
      keychainAvailable: true
    })
    expect(await secrets.getApiKey()).toBe(key)

    expect(await keychain.deletePassword(service, KEYCHAIN_ACCOUNT)).toBe(true)
    expect(await keychain.getPassword(service, KEYCHAIN_ACCOUNT)).toBeNull()
    expect(await keychain.deletePassword(service, KEYCHAIN_ACCOUNT)).toBe(false)
    console.log(`keychain: real ${backend} round trip OK`)
  })

  test('the secrets service stores, replaces and clears through the real keychain', async () => {
    requireProbe()
    service = `Cairn-test-${randomUUID()}`
    const secrets = createSecretsService({ keychain, logger: captureLogger().logger, service })
    const first = `sk-ant-test-${randomUUID()}`
    const second = `sk-ant-test-${randomUUID()}`

    expect(await secrets.setApiKey({ apiKey: first })).toMatchObject({ source: 'keychain' })
    await secrets.setApiKey({ apiKey: second })
    expect(await keychain.getPassword(service, KEYCHAIN_ACCOUNT)).toBe(second)

    // A fresh service (the next app start) finds the stored key.
    const restarted = createSecretsService({ keychain, logger: captureLogger().logger, service })
    expect(await restarted.getApiKey()).toBe(second)

    expect(await secrets.clearApiKey()).toMatchObject({ configured: false, source: null })
    expect(await keychain.getPassword(service, KEYCHAIN_ACCOUNT)).toBeNull()
  })

  test('entries under different service names do not see each other', async () => {
    requireProbe()
    service = `Cairn-test-${randomUUID()}`
    await keychain.setPassword(service, KEYCHAIN_ACCOUNT, 'sk-ant-isolated-value')
    expect(await keychain.getPassword(`Cairn-test-${randomUUID()}`, KEYCHAIN_ACCOUNT)).toBeNull()
  })
})
