import { describe, expect, test } from 'vitest'
import { apiError } from '../../../../../e2e/fake-anthropic'
import { anthropicKey } from '../../memory/__tests__/kept-bytes'
import { counted, useTwoDevices } from './two-devices'

describe('sync edges: sizes, the secret guard, faults', () => {
  const two = useTwoDevices()

  test('a file over 100 kB is listed as not synced: too large, never silently skipped', async () => {
    const { a, fake, storeId } = await two.start()
    await a.memory.create({ path: '/memories/big.md', content: 'x'.repeat(102_401) })
    await a.memory.create({ path: '/memories/small.md', content: 'ok' })
    const report = await a.sync.syncNow()
    expect(report?.skipped).toEqual([
      { path: '/memories/big.md', reason: 'not synced: too large (over 100 kB)' }
    ])
    expect(a.sync.status().skipped).toHaveLength(1)
    expect(fake.memoryStores.memories(storeId).map((m) => m.path)).toEqual(['/small.md'])
  })

  test('a secret written to the store by another client is redacted there and arrives redacted', async () => {
    const { a, b, fake, storeId } = await two.start()
    await b.memory.create({ path: '/memories/ok.md', content: 'fine' })
    await b.sync.syncNow()
    // Another client (not Cairn) puts a key in the store.
    const { default: Anthropic } = await import('@anthropic-ai/sdk')
    const other = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    const key = anthropicKey()
    await other.beta.memoryStores.memories.create(storeId, {
      path: '/leak.md',
      content: `my key is ${key}\n`
    })
    const first = await a.sync.syncNow()
    expect(first?.conflicts).toMatchObject([{ path: '/memories/leak.md', kind: 'redacted' }])
    const here = (await a.files()).get('/memories/leak.md')
    expect(here).toMatch(/^my key is \[redacted: [^\]]+\]\n$/)
    // The store holds the redacted text, and no version of it still shows the key.
    const [leak] = fake.memoryStores.memories(storeId).filter((m) => m.path === '/leak.md')
    expect(leak?.content).toBe(here)
    const versions = fake.memoryStores.versions(storeId).filter((v) => v.memoryId === leak?.id)
    expect(versions.map((v) => [v.operation, v.redactedAt !== null])).toEqual([
      ['created', true],
      ['modified', false]
    ])
    const api = await other.beta.memoryStores.memoryVersions.retrieve(versions[0]!.id, {
      memory_store_id: storeId
    })
    expect(api.content).toBeNull()
    expect(
      JSON.stringify(fake.memoryStores.versions(storeId).filter((v) => !v.redactedAt))
    ).not.toContain(key)
    // The other device gets the redacted text too, and the next round costs only the list.
    await b.sync.syncNow()
    expect((await b.files()).get('/memories/leak.md')).toBe(here)
    expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
  })

  test('a file here that holds a secret is not sent, and says so', async () => {
    const { a, fake, storeId } = await two.start()
    await a.memory.create({
      path: '/memories/keys.md',
      content: `key ${anthropicKey()}\n`,
      secrets: 'allow'
    })
    await a.memory.create({ path: '/memories/plain.md', content: 'plain' })
    const report = await a.sync.syncNow()
    expect(report?.skipped).toEqual([
      {
        path: '/memories/keys.md',
        reason: 'not synced: it holds a secret (Memory → Secrets can remove it)'
      }
    ])
    expect(fake.memoryStores.memories(storeId).map((m) => m.path)).toEqual(['/plain.md'])
    expect(JSON.stringify(fake.memoryStoreRequests())).not.toContain('sk-ant-api')
  })

  test('429 with retry-after: the round fails, state stays, the next attempt waits that long', async () => {
    const { a, fake, storeId } = await two.start()
    await a.memory.create({ path: '/memories/one.md', content: '1' })
    await a.memory.create({ path: '/memories/two.md', content: '2' })
    fake.memoryStores.failAfter(2, apiError(429, { headers: { 'retry-after': '30' } }))
    await expect(a.sync.syncNow()).rejects.toThrow(/rate limit/)
    const status = a.sync.status()
    expect(status.state).toBe('offline')
    expect(status.retryAt! - Date.now()).toBeGreaterThan(25_000)
    // What was sent before the fault is remembered: the retry sends only the rest.
    const retry = await counted(fake, () => a.sync.syncNow())
    expect(retry).toEqual({ total: 2, list: 1, create: 1 })
    expect(fake.memoryStores.memories(storeId)).toHaveLength(2)
    expect(a.sync.status()).toMatchObject({ state: 'idle', retryAt: null, error: null })
  })

  test('an edit made while offline is sent when back online', async () => {
    const { a, b, fake } = await two.start()
    fake.memoryStores.setOffline(true)
    await a.memory.create({ path: '/memories/n.md', content: 'offline edit' })
    await expect(a.sync.syncNow()).rejects.toThrow()
    fake.memoryStores.setOffline(false)
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect((await b.files()).get('/memories/n.md')).toBe('offline edit')
  })
})

describe('sync edges: names', () => {
  const two = useTwoDevices()

  test('a name that differs only in case is reported with both paths, not written', async () => {
    const { a, fake, storeId } = await two.start()
    await a.memory.create({ path: '/memories/notes.md', content: 'here' })
    await a.sync.syncNow()
    const { default: Anthropic } = await import('@anthropic-ai/sdk')
    const other = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    await other.beta.memoryStores.memories.create(storeId, { path: '/Notes.md', content: 'there' })
    const report = await a.sync.syncNow()
    expect(report?.conflicts).toMatchObject([
      { kind: 'path', path: '/memories/Notes.md', copy: '/memories/notes.md' }
    ])
    expect([...(await a.files()).entries()]).toEqual([['/memories/notes.md', 'here']])
    // Reported once, not again on every round.
    await a.sync.syncNow()
    expect(a.sync.status().conflicts).toHaveLength(1)
  })
})
