import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MemoryActor } from '@shared/memory/memory'
import type { MemoryStore } from '../store'
import { anthropicKey } from './kept-bytes'
import { useMemory } from './helpers'

// Sync's write (`putExact`): a file's bytes become exactly the given text's bytes, if it still
// holds the bytes named, through the one write path (caps, guard, history, activity).

const mem = useMemory()
let store: MemoryStore
const DEVICE: MemoryActor = { kind: 'external', device: 'another device' }
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const bytesAt = (name: string) => readFile(join(mem.root(), name))

beforeEach(async () => {
  await mem.mkroot()
  store = await mem.open()
})

describe('putExact', () => {
  it('lands a BOM file and a CRLF-to-LF change with exactly the bytes given', async () => {
    await writeFile(join(mem.root(), 'bom.md'), '\uFEFFone\r\ntwo\r\n')
    const before = await store.read('/memories/bom.md')
    expect(before.content).toBe('\uFEFFone\r\ntwo\r\n')
    // The other device's version: the BOM kept, LF line endings (its user saved it so).
    const theirs = '\uFEFFone\nthree\n'
    await store.putExact({ path: '/memories/bom.md', content: theirs, expect: before.hash }, DEVICE)
    expect(await bytesAt('bom.md')).toEqual(Buffer.from(theirs, 'utf8'))
    expect((await store.read('/memories/bom.md')).hash).toBe(sha(theirs))
    // A BOM removed there is removed here too: no frame is re-applied.
    await store.putExact(
      { path: '/memories/bom.md', content: 'one\nthree\n', expect: sha(theirs) },
      DEVICE
    )
    expect(await bytesAt('bom.md')).toEqual(Buffer.from('one\nthree\n'))
  })

  it('refuses when the file is not the one named, and writes nothing', async () => {
    await store.create({ path: '/memories/a.md', content: 'mine' })
    const wrong = store.putExact(
      { path: '/memories/a.md', content: 'theirs', expect: sha('older') },
      DEVICE
    )
    await expect(wrong).rejects.toMatchObject({ code: 'MEMORY_CONFLICT' })
    const taken = store.putExact(
      { path: '/memories/a.md', content: 'theirs', expect: null },
      DEVICE
    )
    await expect(taken).rejects.toMatchObject({ code: 'MEMORY_CONFLICT' })
    const gone = store.putExact(
      { path: '/memories/none.md', content: 'x', expect: sha('mine') },
      DEVICE
    )
    await expect(gone).rejects.toMatchObject({ code: 'MEMORY_CONFLICT' })
    expect((await bytesAt('a.md')).toString()).toBe('mine')
  })

  it('meets the caps and the guard, and is recorded as the other device, with history', async () => {
    store.updateLimits({ maxFileBytes: 1024 })
    await expect(
      store.putExact({ path: '/memories/big.md', content: 'x'.repeat(1025), expect: null }, DEVICE)
    ).rejects.toMatchObject({ code: 'MEMORY_CAP' })
    await expect(
      store.putExact(
        { path: '/memories/key.md', content: `key ${anthropicKey()}`, expect: null },
        DEVICE
      )
    ).rejects.toMatchObject({ code: 'MEMORY_SECRET' })
    await store.putExact({ path: '/memories/n.md', content: 'v1', expect: null }, DEVICE)
    await store.putExact({ path: '/memories/n.md', content: 'v2', expect: sha('v1') }, DEVICE)
    const [newest] = (await store.activity({ limit: 1 })).entries
    expect(newest).toMatchObject({ actor: DEVICE, command: 'write', outcome: 'ok' })
    expect((await store.history('/memories/n.md')).length).toBeGreaterThanOrEqual(2)
    expect(await store.versionText(sha('v1'))).toBe('v1')
  })
})
