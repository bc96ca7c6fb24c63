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

  test('a secret written to the store by another client is refused by the guard, once', async () => {
    const { a, b, fake, storeId } = await two.start()
    await b.memory.create({ path: '/memories/ok.md', content: 'fine' })
    await b.sync.syncNow()
    // Another client (not Cairn) puts a key in the store.
    const { default: Anthropic } = await import('@anthropic-ai/sdk')
    const other = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    await other.beta.memoryStores.memories.create(storeId, {
      path: '/leak.md',
      content: `my key is ${anthropicKey()}\n`
    })
    const first = await a.sync.syncNow()
    expect(first?.skipped).toMatchObject([{ path: '/memories/leak.md' }])
    expect(first?.skipped[0]?.reason).toMatch(/not taken in/)
    expect([...(await a.files()).keys()]).toEqual(['/memories/ok.md'])
    // Refused once, not fetched again while it stays the same.
    const again = await counted(fake, () => a.sync.syncNow())
    expect(again).toEqual({ total: 1, list: 1 })
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
