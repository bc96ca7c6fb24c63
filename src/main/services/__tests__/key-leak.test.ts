import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ensurePrivateDir } from '../fs/durable'
import { createServices, MEMORY_FOLDER_NAME, type Services } from '../index'
import type { Keychain } from '../secrets/keychain'
import { createOsKeychain } from '../secrets/os-keychain'
import { KEYCHAIN_ACCOUNT } from '../secrets/secrets-service'
import {
  announceProbe,
  keychainRequired,
  NO_KEYCHAIN_IN_CI,
  probeOsKeychain
} from '../secrets/__tests__/keychain-probe'
import { memoryKeychain } from '../secrets/__tests__/memory-keychain'
import {
  captureLogger,
  countOccurrences,
  expectCairnError,
  listFiles,
  readAllFiles,
  useTempDir
} from './helpers'

// The real OS keychain when this machine has one; the in-memory fake otherwise (never under CI).
const probe = await probeOsKeychain()
announceProbe(probe, 'the real keychain in the key-leak test (using an in-memory keychain)')
const useRealKeychain = probe.ok

const tempDir = useTempDir('cairn-leak-')
let cleanup: (() => Promise<unknown>) | undefined
let services: Services | undefined

afterEach(async () => {
  await services?.dispose()
  services = undefined
  await cleanup?.()
  cleanup = undefined
})

function keychainForTest(): {
  keychain: Keychain
  service: string
  read: () => Promise<string | null>
} {
  const service = `Cairn-test-${randomUUID()}`
  if (useRealKeychain) {
    const keychain = createOsKeychain()
    cleanup = () => keychain.deletePassword(service, KEYCHAIN_ACCOUNT).catch(() => undefined)
    return { keychain, service, read: () => keychain.getPassword(service, KEYCHAIN_ACCOUNT) }
  }
  const fake = memoryKeychain()
  return {
    keychain: fake.keychain,
    service,
    read: async () => fake.read(service, KEYCHAIN_ACCOUNT)
  }
}

describe('the API key never lands in a file or a log line', () => {
  test.each([
    ['a plain key', () => `sk-ant-test-${randomUUID()}`],
    ['a key with a quote and a backslash', () => `sk-ant-test-${randomUUID()}-"q\\b`]
  ])('%s', async (_label, makeKey) => {
    if (!useRealKeychain && keychainRequired) {
      throw new Error(`${NO_KEYCHAIN_IN_CI} (${probe.ok ? '' : probe.reason})`)
    }
    const key = makeKey()
    const escaped = JSON.stringify(key).slice(1, -1)
    const userDataDir = join(tempDir(), 'user-data')
    await ensurePrivateDir(join(userDataDir, 'logs'))
    const { logger, lines } = captureLogger(join(userDataDir, 'logs', 'main.log'))
    const { keychain, service, read } = keychainForTest()
    const opened: string[] = []
    services = await createServices({
      userDataDir,
      keychain,
      keychainService: service,
      openPath: async (path) => {
        opened.push(path)
        return ''
      },
      logger,
      env: {},
      app: { name: 'Cairn', version: 'test', platform: process.platform, electronVersion: null }
    })
    const answers: unknown[] = []

    // Store in the keychain, then everything else a session does.
    const stored = await services.secrets.setApiKey({ apiKey: key })
    answers.push(stored)
    expect(stored).toEqual({
      configured: true,
      source: 'keychain',
      hint: key.slice(-4),
      keychainAvailable: true
    })
    expect(await read()).toBe(key)
    answers.push(await services.secrets.status())
    answers.push(await services.settings.update({ theme: 'dark', memory: { maxFiles: 10 } }))
    await expectCairnError(services.settings.update({ maxTokens: -1 }), 'SETTINGS_INVALID')
    answers.push(services.settings.get())
    answers.push(await services.app.openMemoryFolder())
    answers.push(services.app.info())
    await services.windowState.save({ width: 1000, height: 700, maximized: false })
    expect(await services.secrets.getApiKey()).toBe(key) // main itself can still use it

    // Careless log calls are masked too, including inside a serialized error.
    logger.info(`about to call the API with ${key}`, { key, headers: { 'x-api-key': key } })
    logger.error('request failed', { error: new Error(`401 for key ${key}`) })

    // Session-only, then clear.
    answers.push(await services.secrets.setApiKey({ apiKey: key, sessionOnly: true }))
    answers.push(await services.secrets.clearApiKey())
    expect(await read()).toBeNull()
    expect(await services.secrets.getApiKey()).toBeNull()

    // The sweep: every file under user data, every captured log line, every answer.
    const files = await readAllFiles(userDataDir)
    const relative = [...files.keys()].map((file) => file.slice(userDataDir.length + 1)).sort()
    expect(relative).toEqual(
      expect.arrayContaining(['logs/main.log', 'settings.json', 'window-state.json'])
    )
    expect(opened).toEqual([join(userDataDir, MEMORY_FOLDER_NAME)])
    expect(lines.length).toBeGreaterThanOrEqual(5)
    expect(files.get(join(userDataDir, 'logs', 'main.log'))).toContain(
      'API key stored in the keychain'
    )

    for (const [file, content] of files) {
      for (const form of [key, escaped]) {
        expect(countOccurrences(content, form), `${file} holds the key`).toBe(0)
        // Nor base64-encoded, should anything ever encode it.
        expect(countOccurrences(content, Buffer.from(form).toString('base64'))).toBe(0)
      }
    }
    for (const text of [lines.join('\n'), JSON.stringify(answers)]) {
      expect(countOccurrences(text, key)).toBe(0)
      expect(countOccurrences(text, escaped)).toBe(0)
    }
    expect(lines.join('\n')).toContain('[redacted]')
  })
})

describe('createServices', () => {
  test('wires the services on one user-data folder', async () => {
    const userDataDir = join(tempDir(), 'fresh', 'user-data')
    const fake = memoryKeychain()
    services = await createServices({
      userDataDir,
      keychain: fake.keychain,
      keychainService: 'Cairn-wiring-test',
      openPath: async () => '',
      logger: captureLogger().logger,
      env: { ANTHROPIC_API_KEY: 'sk-ant-from-env-9999' },
      app: { name: 'Cairn', version: '9.9.9', platform: 'linux', electronVersion: '45.1.0' }
    })
    expect(services.app.info()).toEqual({
      name: 'Cairn',
      version: '9.9.9',
      platform: 'linux',
      electronVersion: '45.1.0',
      userDataFolder: userDataDir,
      memoryFolder: join(userDataDir, MEMORY_FOLDER_NAME)
    })
    expect(await services.secrets.status()).toMatchObject({ source: 'environment', hint: '9999' })
    expect(fake.calls.every((call) => call.service === 'Cairn-wiring-test')).toBe(true)

    await services.settings.update({ theme: 'light' })
    await services.windowState.save({ width: 900, height: 600, maximized: false })
    expect(
      (await listFiles(userDataDir)).map((f) => f.slice(userDataDir.length + 1)).sort()
    ).toEqual([
      'memory-state/activity.jsonl',
      'memory-state/history/journal.jsonl',
      'settings.json',
      'window-state.json'
    ])
    // The memory engine keeps its state beside the memory folder, never inside it.
    expect((await stat(join(userDataDir, MEMORY_FOLDER_NAME))).isDirectory()).toBe(true)
    expect(await listFiles(join(userDataDir, MEMORY_FOLDER_NAME))).toEqual([])
  })

  test('loads the saved settings (and a recovery notice) at start', async () => {
    const userDataDir = join(tempDir(), 'user-data')
    const deps = {
      userDataDir,
      keychain: memoryKeychain().keychain,
      openPath: async () => '',
      logger: captureLogger().logger,
      env: {},
      app: { name: 'Cairn', version: 'test', platform: 'linux', electronVersion: null }
    }
    const first = await createServices(deps)
    await first.settings.update({ maxTokens: 1_500 })
    await first.dispose()
    services = await createServices(deps)
    expect(services.settings.get()).toMatchObject({ settings: { maxTokens: 1_500 }, notice: null })
  })

  test('dispose forgets a session key and stops settings listeners', async () => {
    services = await createServices({
      userDataDir: join(tempDir(), 'user-data'),
      keychain: memoryKeychain().keychain,
      openPath: async () => '',
      logger: captureLogger().logger,
      env: {},
      app: { name: 'Cairn', version: 'test', platform: 'linux', electronVersion: null }
    })
    const seen: unknown[] = []
    services.settings.onChange((settings) => seen.push(settings))
    await services.secrets.setApiKey({ apiKey: 'sk-ant-session-only-1', sessionOnly: true })
    await services.dispose()
    expect(await services.secrets.getApiKey()).toBeNull()
    await services.settings.update({ theme: 'dark' })
    expect(seen).toEqual([])
  })
})
