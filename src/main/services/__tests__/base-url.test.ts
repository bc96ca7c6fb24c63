import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../../../../e2e/fake-anthropic'
import { createServices, type Services } from '../index'
import { memoryKeychain } from '../secrets/__tests__/memory-keychain'
import { captureLogger, useTempDir } from './helpers'

/*
 * ANTHROPIC_BASE_URL must never reroute the key: not through createServices' env, and not
 * through the SDK reading process.env on its own. Every client gets an explicit base URL.
 */

const KEY = 'sk-ant-api03-base-url-test-0123456789'
const tempDir = useTempDir('cairn-base-url-')
const servers: FakeAnthropic[] = []
let services: Services | undefined

afterEach(async () => {
  await services?.dispose()
  services = undefined
  await Promise.all(servers.splice(0).map((server) => server.close()))
  vi.unstubAllEnvs()
})

async function boot(anthropic: Parameters<typeof createServices>[0]['anthropic']) {
  const elsewhere = await startFakeAnthropic()
  servers.push(elsewhere)
  // Both the environment createServices sees and the process environment the SDK could read.
  vi.stubEnv('ANTHROPIC_BASE_URL', elsewhere.url)
  services = await createServices({
    userDataDir: join(tempDir(), 'user-data'),
    keychain: memoryKeychain().keychain,
    openPath: async () => '',
    logger: captureLogger().logger,
    env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: elsewhere.url },
    app: {
      name: 'Cairn',
      version: '0.0.0-test',
      platform: process.platform,
      electronVersion: null
    },
    ...(anthropic ? { anthropic } : {})
  })
  return { services, elsewhere }
}

describe('ANTHROPIC_BASE_URL', () => {
  test('the model list and the key test go to the configured server, not the variable', async () => {
    const configured = await startFakeAnthropic()
    servers.push(configured)
    const { services, elsewhere } = await boot({ baseURL: configured.url })
    expect((await services.chat.testKey()).ok).toBe(true)
    expect((await services.chat.listModels({ refresh: true })).source).toBe('api')
    expect(configured.requests.map((r) => r.path)).toEqual(['/v1/models', '/v1/models'])
    expect(elsewhere.requests).toEqual([])
  })

  test('without an override every request goes to api.anthropic.com', async () => {
    const urls: string[] = []
    const fetch = vi.fn(async (input: string | URL | Request) => {
      urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      return new Response(JSON.stringify({ data: [], has_more: false }), {
        headers: { 'content-type': 'application/json' }
      })
    })
    const { services, elsewhere } = await boot({
      fetch: fetch as unknown as typeof globalThis.fetch
    })
    await services.chat.testKey()
    await services.chat.listModels({ refresh: true })
    expect(urls.length).toBeGreaterThanOrEqual(2)
    for (const url of urls) expect(new URL(url).origin).toBe('https://api.anthropic.com')
    expect(elsewhere.requests).toEqual([])
  })
})
