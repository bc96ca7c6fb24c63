import Anthropic from '@anthropic-ai/sdk'
import { afterEach, describe, expect, test } from 'vitest'
import {
  apiError,
  sha256Hex,
  startFakeAnthropic,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'

// The fake Memory Stores must speak the real protocol: driven here with the real SDK only.

let fake: FakeAnthropic | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function start() {
  fake = await startFakeAnthropic()
  const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  const store = await client.beta.memoryStores.create({ name: 'Cairn', description: 'test' })
  return { fake, client, storeId: store.id, memories: client.beta.memoryStores.memories }
}

describe('fake Memory Stores', () => {
  test('create, list with view basic and cursors, retrieve full content', async () => {
    const { client, storeId, memories, fake } = await start()
    for (let i = 0; i < 45; i += 1)
      await memories.create(storeId, {
        path: `/notes/n${String(i).padStart(2, '0')}.md`,
        content: `note ${i}`
      })
    const seen: Array<{ path: string; content?: string | null; content_sha256: string }> = []
    const before = fake.memoryStoreRequests().length
    for await (const item of memories.list(storeId, { view: 'basic', limit: 20 })) {
      if (item.type === 'memory') seen.push(item)
    }
    expect(fake.memoryStoreRequests().length - before).toBe(3)
    expect(seen).toHaveLength(45)
    expect(seen[0]).toMatchObject({
      path: '/notes/n00.md',
      content: null,
      content_sha256: sha256Hex('note 0')
    })
    const page = await memories.list(storeId, { depth: 1 })
    expect(page.data).toEqual([{ type: 'memory_prefix', path: '/notes/' }])
    const first = fake.memoryStores.memories(storeId)[0]!
    const full = await memories.retrieve(first.id, { memory_store_id: storeId })
    expect(full.content).toBe('note 0')
    expect(
      fake.memoryStoreRequests().every((r) => r.betas.includes('agent-memory-2026-07-22'))
    ).toBe(true)
    void client
  })

  test('409s: a stale precondition, a stale delete, a taken path or an ancestor of one', async () => {
    const { storeId, memories } = await start()
    const made = await memories.create(storeId, { path: '/a/b.md', content: 'one' })
    const stale = sha256Hex('zero')
    await expect(
      memories.update(made.id, {
        memory_store_id: storeId,
        content: 'two',
        precondition: { type: 'content_sha256', content_sha256: stale }
      })
    ).rejects.toMatchObject({
      status: 409,
      error: { error: { type: 'memory_precondition_failed_error' } }
    })
    // The same content and path: succeeds even though the hash differs.
    await memories.update(made.id, {
      memory_store_id: storeId,
      content: 'one',
      precondition: { type: 'content_sha256', content_sha256: stale }
    })
    await expect(
      memories.delete(made.id, { memory_store_id: storeId, expected_content_sha256: stale })
    ).rejects.toMatchObject({ status: 409 })
    await expect(memories.create(storeId, { path: '/a', content: 'x' })).rejects.toMatchObject({
      status: 409,
      error: {
        error: {
          type: 'memory_path_conflict_error',
          conflicting_path: '/a/b.md',
          conflicting_memory_id: made.id
        }
      }
    })
    await expect(
      memories.create(storeId, { path: '/a/./c.md', content: 'x' })
    ).rejects.toMatchObject({ status: 400 })
    await expect(
      memories.create(storeId, { path: '/big.md', content: 'x'.repeat(102_401) })
    ).rejects.toMatchObject({ status: 400 })
    const updated = await memories.update(made.id, {
      memory_store_id: storeId,
      content: 'two',
      path: '/a/c.md',
      precondition: { type: 'content_sha256', content_sha256: sha256Hex('one') }
    })
    expect(updated).toMatchObject({
      id: made.id,
      path: '/a/c.md',
      content_sha256: sha256Hex('two')
    })
    await memories.delete(made.id, {
      memory_store_id: storeId,
      expected_content_sha256: sha256Hex('two')
    })
  })

  test('versions record created, modified and deleted; a past version can be redacted', async () => {
    const { client, storeId, memories } = await start()
    const made = await memories.create(storeId, { path: '/v.md', content: 'one' })
    await memories.update(made.id, { memory_store_id: storeId, content: 'two' })
    await memories.update(made.id, { memory_store_id: storeId, content: 'two' }) // no change, no version
    await memories.delete(made.id, { memory_store_id: storeId })
    const versions = []
    for await (const v of client.beta.memoryStores.memoryVersions.list(storeId, {
      memory_id: made.id
    }))
      versions.push(v)
    expect(versions.map((v) => v.operation)).toEqual(['deleted', 'modified', 'created'])
    expect(versions[2]).toMatchObject({
      content_sha256: sha256Hex('one'),
      created_by: { type: 'api_actor' }
    })
    const redacted = await client.beta.memoryStores.memoryVersions.redact(versions[2]!.id, {
      memory_store_id: storeId
    })
    expect(redacted).toMatchObject({ path: null, content_sha256: null })
    expect(redacted.redacted_at).toBeTruthy()
  })

  test('faults: a 429 with retry-after, then offline (dropped connections)', async () => {
    const { storeId, memories, fake } = await start()
    fake.memoryStores.fail(apiError(429, { headers: { 'retry-after': '3' } }))
    await expect(memories.list(storeId)).rejects.toMatchObject({
      status: 429,
      headers: expect.anything()
    })
    fake.memoryStores.setOffline(true)
    await expect(memories.list(storeId)).rejects.toThrow(/Connection error/)
    fake.memoryStores.setOffline(false)
    await expect(memories.list(storeId)).resolves.toBeTruthy()
  })
})
