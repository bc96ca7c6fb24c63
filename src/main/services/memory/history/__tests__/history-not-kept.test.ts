import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { useMemory } from '../../__tests__/helpers'
import { packBytes, packRecords } from './packs'

// Review finding 3(c): a version history does not keep says so, and why: too large to keep
// (over BLOB_MAX_BYTES, known only by size and time), or alone over the history size limit.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const MiB = 1024 * 1024

async function newest(): Promise<ActivityEntry> {
  const page = await store.activity({ limit: 1 })
  return page.entries[0] as ActivityEntry
}

describe('versions history does not keep', () => {
  it('a file too large to keep is listed as "not kept: too large", and its undo says so', async () => {
    await mkdir(mem.root(), { recursive: true })
    store = await mem.open()
    // Put there by another program (the user's own saves are capped well below this).
    await writeFile(join(mem.root(), 'huge.md'), 'z'.repeat(16 * MiB + 10))
    await store.applyExternal(['huge.md'])
    const created = await newest()
    expect(created.versions?.[0]).toMatchObject({ notKept: { after: 'too-large' } })
    await store.delete('/memories/huge.md')
    const deleted = await newest()
    expect(deleted.versions?.[0]).toMatchObject({
      before: created.versions?.[0]?.after,
      notKept: { before: 'too-large' }
    })
    const versions = await store.history('/memories/huge.md')
    expect(versions).toHaveLength(2)
    expect(versions[0]).toMatchObject({ hash: null })
    expect(versions[1]).toMatchObject({
      stored: false,
      notKept: 'too-large',
      size: 16 * MiB + 10
    })
    await expect(store.revert(deleted.seq)).rejects.toMatchObject({
      code: 'MEMORY_REFUSED',
      message: expect.stringContaining('too large')
    })
    // No record holds the file's first bytes under an all-zero hash (a size:time identity is not
    // hex: written as a hash, it was 32 zero bytes).
    await store.dispose()
    const packs = await packRecords(mem.stateDir())
    expect(packs.problems).toEqual([])
    expect(packs.hashes.has('0'.repeat(64))).toBe(false)
  }, 60_000)

  it('a version alone larger than maxBytes is not kept ("over-cap"), and history stays under the cap', async () => {
    store = await mem.open({ history: { maxBytes: MiB, maxDays: 180, keepLatest: 20 } })
    await store.write({ path: '/memories/small.md', content: 'small\n' })
    // 1.6 MB of base64: about 1.2 MB gzipped, more than the whole history may hold.
    const big = `${randomBytes(1_200_000).toString('base64')}\n`
    await mkdir(mem.root(), { recursive: true })
    await writeFile(join(mem.root(), 'big.md'), big)
    await store.applyExternal(['big.md'])
    expect(await packBytes(mem.stateDir())).toBeLessThanOrEqual(MiB)
    const created = await newest()
    expect(created.versions?.[0]).toMatchObject({ notKept: { after: 'over-cap' } })
    await store.write({ path: '/memories/big.md', content: 'now small\n' })
    const edit = await newest()
    expect(edit.versions?.[0]).toMatchObject({ notKept: { before: 'over-cap' } })
    const versions = await store.history('/memories/big.md')
    expect(versions[1]).toMatchObject({ stored: false, notKept: 'over-cap' })
    await expect(store.revert(edit.seq)).rejects.toMatchObject({
      code: 'MEMORY_REFUSED',
      message: expect.stringContaining('larger than the history size limit')
    })
    // The small file's history is untouched.
    expect(
      await store.versionText((await store.history('/memories/small.md'))[0]?.hash ?? '')
    ).toBe('small\n')
  }, 60_000)
})
