import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { apiError } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { API_KEY, startRig } from './harness'

const tempDir = useTempDir('cairn-chat-models-')

describe('models', () => {
  test('listed from the API, cached for a day, and the cache serves when offline', async () => {
    let now = new Date('2026-03-01T10:00:00Z')
    const rig = await startRig(tempDir(), { service: { clock: () => now } })
    const fresh = await rig.chat.listModels()
    expect(fresh).toMatchObject({ source: 'api', message: null, fetchedAt: now.toISOString() })
    expect(fresh.models.map((m) => m.id)).toEqual([
      'claude-sonnet-4-6',
      'claude-opus-4-6',
      'claude-haiku-4-5-20251001'
    ])
    expect(fresh.models[0]?.displayName).toBe('Claude Sonnet 4.6')
    const cacheFile = JSON.parse(
      await readFile(join(rig.dir, 'user-data', 'models-cache.json'), 'utf8')
    ) as { models: unknown[] }
    expect(cacheFile.models).toHaveLength(3)

    // Within a day: no request, the cache answers.
    const modelRequests = () => rig.fake.requests.filter((r) => r.path === '/v1/models').length
    const before = modelRequests()
    expect((await rig.chat.listModels()).source).toBe('cache')
    expect(modelRequests()).toBe(before)

    // A refresh that fails falls back to the cache and says why.
    rig.fake.scriptModels(apiError(529))
    const fallback = await rig.chat.listModels({ refresh: true })
    expect(fallback.source).toBe('cache')
    expect(fallback.models).toHaveLength(3)
    expect(fallback.message).toMatch(/could not be refreshed \(anthropic is overloaded right now\)/)

    // After a restart, a day later, offline: still the cached list.
    now = new Date('2026-03-03T10:00:00Z')
    rig.apiKey.value = null
    const chat = await rig.restart()
    const offline = await chat.listModels()
    expect(offline.source).toBe('cache')
    expect(offline.message).toContain('no API key is set')
  })

  test('nothing cached and offline: the model from Settings is the one choice', async () => {
    const rig = await startRig(tempDir(), {
      service: { anthropic: { baseURL: 'http://127.0.0.1:9' } },
      settings: (s) => (s.model = 'claude-opus-4-6')
    })
    const list = await rig.chat.listModels()
    expect(list).toMatchObject({
      source: 'default',
      fetchedAt: null,
      models: [{ id: 'claude-opus-4-6', displayName: 'claude-opus-4-6' }]
    })
    expect(list.message).toMatch(/cannot reach anthropic/i)
  })

  test('a configured model the API does not list is still offered', async () => {
    const rig = await startRig(tempDir(), { settings: (s) => (s.model = 'claude-custom-1') })
    const list = await rig.chat.listModels()
    expect(list.models.at(-1)).toEqual({ id: 'claude-custom-1', displayName: 'claude-custom-1' })
  })

  test('model IDs from the API that are not valid IDs (NUL, lone surrogates) are dropped', async () => {
    const rig = await startRig(tempDir(), {
      fake: {
        models: [
          { id: 'claude-ok-1', display_name: 'OK' },
          { id: 'claude\u0000-nul', display_name: 'NUL' },
          { id: 'claude-\ud800', display_name: 'Surrogate' },
          { id: 'claude bad', display_name: 'Space' }
        ]
      }
    })
    const list = await rig.chat.listModels()
    expect(list.models.map((m) => m.id)).toEqual(['claude-ok-1', 'claude-sonnet-4-6'])
  })

  test('conversations default to the model from Settings', async () => {
    const rig = await startRig(tempDir(), { settings: (s) => (s.model = 'claude-opus-4-6') })
    expect((await rig.chat.createConversation()).model).toBe('claude-opus-4-6')
  })
})

describe('secrets:test', () => {
  test('a key Anthropic accepts is OK, with one minimal request', async () => {
    const rig = await startRig(tempDir(), { fake: { apiKey: API_KEY } })
    expect(await rig.chat.testKey()).toEqual({
      ok: true,
      code: 'ok',
      message: 'The key works: Anthropic accepted it.'
    })
    const [request] = rig.fake.requests
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models', query: { limit: '1' } })
    expect(rig.fake.messageRequests()).toEqual([])
  })

  test('a wrong key says so and what to do; a typed key is tested before it is saved', async () => {
    const rig = await startRig(tempDir(), { fake: { apiKey: API_KEY } })
    rig.apiKey.value = 'sk-ant-api03-wrong-key-9999'
    const wrong = await rig.chat.testKey()
    expect(wrong).toMatchObject({ ok: false, code: 'auth' })
    expect(wrong.message).toContain('Anthropic Console')
    expect(await rig.chat.testKey({ apiKey: API_KEY })).toMatchObject({ ok: true })
    // The key itself never appears in an answer or a log line.
    expect(JSON.stringify(wrong)).not.toContain('wrong-key')
    expect(rig.logLines.join('\n')).not.toContain('sk-ant-api03-wrong-key-9999')
  })

  test('no key, no network, rate limits and overloads each get their own answer', async () => {
    const rig = await startRig(tempDir())
    rig.apiKey.value = null
    expect(await rig.chat.testKey()).toMatchObject({ ok: false, code: 'no-api-key' })
    rig.apiKey.value = API_KEY
    rig.fake.scriptModels(apiError(429), apiError(529), apiError(403))
    expect(await rig.chat.testKey()).toMatchObject({ ok: true, code: 'rate-limited' })
    expect(await rig.chat.testKey()).toMatchObject({ ok: false, code: 'overloaded' })
    expect(await rig.chat.testKey()).toMatchObject({ ok: false, code: 'auth' })
    await rig.fake.close()
    expect(await rig.chat.testKey()).toMatchObject({ ok: false, code: 'offline' })
  })
})
