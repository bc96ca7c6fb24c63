import { randomBytes } from 'node:crypto'
import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runner, useMemory } from '../../__tests__/helpers'
import { hashOf } from '../../kernel/files'
import { packLayout } from './packs'

// Review finding 3(b): one flipped byte in a pack loses at most that record. A record is
// MAGIC (4) | sha256 (32) | length (4) | crc32 (4) | gzip bytes.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)

const REGIONS: Array<[name: string, at: (length: number) => number]> = [
  ['magic', () => 1],
  ['hash', () => 4 + 10],
  ['length (high byte: past the end of the pack)', () => 36],
  ['length (low byte)', () => 39],
  ['crc', () => 41],
  ['body', (length) => 44 + Math.floor((length - 44) / 2)]
]

describe('a damaged history pack', () => {
  it.each(REGIONS)(
    'one flipped byte in the %s of a middle record loses that record only',
    async (_name, at) => {
      store = await mem.open()
      const texts = ['a', 'b', 'c', 'd', 'e'].map(
        (name) => `${name}\n${randomBytes(3000).toString('base64')}\n`
      )
      for (const [i, text] of texts.entries())
        await tool.ok({ command: 'create', path: `/memories/f${i}.md`, file_text: text })
      await store.dispose()
      const layout = await packLayout(mem.stateDir())
      expect(layout.map((record) => record.hash)).toEqual(texts.map((text) => hashOf(text)))
      const middle = layout[2] as (typeof layout)[number]
      const pack = await readFile(middle.file)
      const flip = middle.offset + at(middle.length)
      pack[flip] = (pack[flip] as number) ^ 0xff
      await writeFile(middle.file, pack)

      store = await mem.open()
      for (const [i, text] of texts.entries()) {
        if (i === 2) continue
        expect(await store.versionText(hashOf(text))).toBe(text)
      }
      // Nothing after the damage was cut off the pack.
      expect((await stat(middle.file)).size).toBe(pack.length)
      // Compaction (the sweep, or the next write's pruning) keeps the good records too.
      await store.sweep()
      await tool.ok({ command: 'create', path: '/memories/g.md', file_text: 'after\n' })
      await store.dispose()
      store = await mem.open()
      for (const [i, text] of texts.entries()) {
        if (i === 2) continue
        expect(await store.versionText(hashOf(text))).toBe(text)
      }
      expect(await store.versionText(hashOf('after\n'))).toBe('after\n')
    }
  )

  it('still cuts a crash-cut tail (an incomplete last record) and keeps every record before it', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'one\n' })
    await tool.ok({ command: 'create', path: '/memories/b.md', file_text: 'two\n' })
    await store.dispose()
    const layout = await packLayout(mem.stateDir())
    const last = layout.at(-1) as (typeof layout)[number]
    const pack = await readFile(last.file)
    // The last record lost its final bytes (killed before they were synced).
    await writeFile(last.file, pack.subarray(0, pack.length - 3))
    // Gone from the folder too: b.md was written just now, so the open reads it again (its
    // record is racy, stat-trust.ts) and would keep its bytes once more.
    await rm(join(mem.root(), 'b.md'))
    store = await mem.open()
    expect(await store.versionText(hashOf('one\n'))).toBe('one\n')
    await expect(store.versionText(hashOf('two\n'))).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND'
    })
    expect((await stat(last.file)).size).toBe(last.offset)
  })
})
