import Anthropic from '@anthropic-ai/sdk'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { sha256Hex } from '../../../../../e2e/fake-anthropic/memory-stores'
import { useTwoDevices, type Device } from './two-devices'

// Conflicts answered in the inspector (keep mine / theirs / both), bytes kept exactly, the store list.

const PLAN = '/memories/plan.md'
const COPY = '/memories/plan (from desktop).md'

async function conflicted(a: Device, b: Device) {
  await a.memory.create({ path: PLAN, content: 'one\ntwo\nthree\n' })
  await a.sync.syncNow()
  await b.sync.syncNow()
  await a.memory.write({ path: PLAN, content: 'one\nTWO from laptop\nthree\n' })
  await b.memory.write({ path: PLAN, content: 'one\ntwo from desktop\nthree\n' })
  await a.sync.syncNow()
  await b.sync.syncNow()
  await a.sync.syncNow()
  expect(b.sync.status().conflicts).toMatchObject([{ kind: 'kept-both', path: PLAN, copy: COPY }])
}

describe('sync conflicts resolved by the user', () => {
  const two = useTwoDevices()

  test('keep mine: this device’s version takes the path, the copy goes, on both devices', async () => {
    const { a, b, fake, storeId } = await two.start()
    await conflicted(a, b)
    const status = await b.sync.resolve({ path: PLAN, keep: 'mine' })
    expect(status.conflicts).toEqual([])
    await b.sync.syncNow()
    await a.sync.syncNow()
    const want = new Map([[PLAN, 'one\ntwo from desktop\nthree\n']])
    expect(await b.files()).toEqual(want)
    expect(await a.files()).toEqual(want)
    expect(fake.memoryStores.memories(storeId).map((m) => [m.path, m.content])).toEqual([
      ['/plan.md', 'one\ntwo from desktop\nthree\n']
    ])
    // The resolution is the user's own change, in the activity like any other.
    const { entries } = await b.memory.activity({})
    const byUser = entries
      .filter((e) => e.actor.kind === 'user' && e.outcome === 'ok')
      .map((e) => [e.command, e.paths])
    expect(byUser).toContainEqual(['delete', [COPY]])
    expect(byUser.some(([, paths]) => paths?.[0] === PLAN)).toBe(true)
    // Resolved stays resolved after a restart of the sync service (the sidecar has no conflict).
    expect((await b.sync.syncNow()) && b.sync.status().conflicts).toEqual([])
  })

  test('keep theirs: the store’s version stays, the copy goes everywhere', async () => {
    const { a, b } = await two.start()
    await conflicted(a, b)
    await b.sync.resolve({ path: PLAN, keep: 'theirs' })
    await b.sync.syncNow()
    await a.sync.syncNow()
    const want = new Map([[PLAN, 'one\nTWO from laptop\nthree\n']])
    expect(await b.files()).toEqual(want)
    expect(await a.files()).toEqual(want)
  })

  test('keep both: both files stay on both devices, the conflict closes', async () => {
    const { a, b } = await two.start()
    await conflicted(a, b)
    const status = await b.sync.resolve({ path: PLAN, keep: 'both' })
    expect(status.conflicts).toEqual([])
    await b.sync.syncNow()
    await a.sync.syncNow()
    const want = new Map([
      [PLAN, 'one\nTWO from laptop\nthree\n'],
      [COPY, 'one\ntwo from desktop\nthree\n']
    ])
    expect(await b.files()).toEqual(want)
    expect(await a.files()).toEqual(want)
    // Answering again (a double click) changes nothing and is not an error.
    await expect(b.sync.resolve({ path: PLAN, keep: 'mine' })).resolves.toMatchObject({
      conflicts: []
    })
    expect(await b.files()).toEqual(want)
  })

  test('keep mine with this device’s copy gone: a clear error, nothing changed', async () => {
    const { a, b } = await two.start()
    await conflicted(a, b)
    await b.memory.delete(COPY)
    await expect(b.sync.resolve({ path: PLAN, keep: 'mine' })).rejects.toThrow(
      /is gone, so it cannot be kept/
    )
    expect((await b.files()).get(PLAN)).toBe('one\nTWO from laptop\nthree\n')
    expect(b.sync.status().conflicts).toHaveLength(1)
  })
})

describe('sync keeps bytes and knows its store', () => {
  const two = useTwoDevices()

  test('a file with a UTF-8 BOM and CRLF line ends arrives byte-identical, hash equal', async () => {
    const { a, b, fake, storeId } = await two.start()
    const text = '\uFEFF# Trip\r\nWindow seat.\r\nNo onions.\r\n'
    await writeFile(join(a.root, 'crlf.md'), text, 'utf8')
    await a.memory.sweep()
    await a.sync.syncNow()
    await b.sync.syncNow()
    const sent = await readFile(join(a.root, 'crlf.md'))
    const got = await readFile(join(b.root, 'crlf.md'))
    expect(got.equals(sent)).toBe(true)
    expect(got.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const [stored] = fake.memoryStores.memories(storeId)
    expect(stored?.sha256).toBe(sha256Hex(text))
    expect(stored?.sha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(got).digest('hex')
    )
  })

  test('lists the stores this key can use, and the chosen store’s size after a round', async () => {
    const { a, fake, storeId } = await two.start()
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    const other = await client.beta.memoryStores.create({ name: 'Work', description: 'office' })
    const { stores } = await a.sync.listStores()
    expect(stores).toEqual(
      expect.arrayContaining([
        { id: storeId, name: 'Cairn memory', description: '' },
        { id: other.id, name: 'Work', description: 'office' }
      ])
    )
    expect(a.sync.status().storeSize).toBeNull()
    await a.memory.create({ path: '/memories/a.md', content: 'abc' })
    await a.memory.create({ path: '/memories/b.md', content: 'héllo' })
    await a.sync.syncNow()
    expect(a.sync.status().storeSize).toEqual({ count: 2, bytes: 3 + 6 })
  })
})
