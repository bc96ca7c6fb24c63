import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { counted, useTwoDevices, type Device } from './two-devices'

// Sync is a byte-exact transport: a pulled version lands with exactly the store's bytes (BOM and
// line endings included), and every update names the hash it replaces.

const bytesOf = (d: Device, name: string) => readFile(join(d.root, name))

describe('sync moves exact bytes both ways', () => {
  const two = useTwoDevices()

  test('a file with a UTF-8 BOM syncs, and keeps syncing after edits on either side', async () => {
    const { a, b, fake } = await two.start()
    await writeFile(join(a.root, 'bom.md'), '\uFEFFone\n')
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect(await bytesOf(b, 'bom.md')).toEqual(await bytesOf(a, 'bom.md'))

    await a.memory.write({ path: '/memories/bom.md', content: '\uFEFFone\ntwo\n' })
    await a.sync.syncNow()
    const pulled = await b.sync.syncNow()
    expect(pulled).toMatchObject({ pulled: 1, skipped: [] })
    expect(await bytesOf(b, 'bom.md')).toEqual(Buffer.from('\uFEFFone\ntwo\n'))

    await b.memory.write({ path: '/memories/bom.md', content: '\uFEFFone\ntwo\nthree\n' })
    await b.sync.syncNow()
    expect(await a.sync.syncNow()).toMatchObject({ pulled: 1, skipped: [] })
    expect(await bytesOf(a, 'bom.md')).toEqual(Buffer.from('\uFEFFone\ntwo\nthree\n'))
    expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(await counted(fake, () => b.sync.syncNow())).toEqual({ total: 1, list: 1 })
  })

  test('an LF version of a CRLF file lands as LF, and is not pushed back as CRLF', async () => {
    const { a, b, fake, storeId } = await two.start()
    await writeFile(join(a.root, 'crlf.md'), 'one\r\ntwo\r\n')
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect(await bytesOf(b, 'crlf.md')).toEqual(Buffer.from('one\r\ntwo\r\n'))

    await b.memory.write({ path: '/memories/crlf.md', content: 'one\ntwo\nthree\n' })
    await b.sync.syncNow()
    await a.sync.syncNow()
    expect(await bytesOf(a, 'crlf.md')).toEqual(Buffer.from('one\ntwo\nthree\n'))
    // The next rounds see nothing to do: the store keeps the LF version b saved.
    expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(await counted(fake, () => b.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(fake.memoryStores.memories(storeId)[0]?.content).toBe('one\ntwo\nthree\n')
  })

  test('NFC names and nested folders arrive byte for byte; every update names its hash', async () => {
    const { a, b, fake } = await two.start()
    const name = '/memories/clients/acme/caf\u00e9 notes.md'
    await a.memory.create({ path: name, content: 'menu\r\n' })
    await a.memory.create({ path: '/memories/a/b/c/d.md', content: '\uFEFFdeep' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect(await b.files()).toEqual(await a.files())
    await b.memory.write({ path: name, content: 'menu\r\nsoup\r\n' })
    await b.sync.syncNow()
    await a.sync.syncNow()
    expect(await a.files()).toEqual(await b.files())
    const updates = fake
      .memoryStoreRequests()
      .filter((r) => r.method === 'POST' && /\/memories\/[^/]+$/.test(r.path))
    expect(updates.length).toBeGreaterThan(0)
    for (const u of updates)
      expect(u.body).toMatchObject({
        precondition: {
          type: 'content_sha256',
          content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/)
        }
      })
  })
})
