import { open, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '..'
import { runner, useMemory } from './helpers'

const mem = useMemory()
let store: MemoryStore
const { err } = runner(() => store)

const MIB = 1024 * 1024
const GIB = 1024 * MIB

/** A sparse file of `size` bytes starting with `head` (no disk space, no time to write). */
async function sparse(name: string, size: number, head: string): Promise<string> {
  const path = join(await mem.mkroot(), name)
  const file = await open(path, 'w')
  try {
    await file.write(head, 0)
    await file.truncate(size)
  } finally {
    await file.close()
  }
  return path
}

describe('huge files are counted by their size', () => {
  it('a file over 2 GiB counts in usage and caps (it used to vanish: readFileSync refuses it)', async () => {
    await sparse('huge.log', 2 * GIB + 5 * MIB, 'hello\nworld\n')
    store = await mem.open()
    const usage = await store.usage()
    expect(usage.files).toBe(1)
    expect(usage.totalBytes).toBe(2 * GIB + 5 * MIB)
    expect(usage.overCapFiles).toEqual(['/memories/huge.log'])
    const message = await err({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    expect(message).toMatch(/over the total cap/)
  })

  it('a 600 MB one-line file is indexed once by size, not re-read on every pass', async () => {
    await sparse('one-line.txt', 600 * 1000 * 1000, 'x')
    store = await mem.open()
    expect((await store.usage()).totalBytes).toBe(600 * 1000 * 1000)
    // A watcher batch naming the file forces a recheck: unchanged, so no change is reported.
    expect(await store.applyExternal(['one-line.txt'])).toBeUndefined()
  })
})

describe('edits and the inspector never read a huge file whole', () => {
  it('refuses str_replace and insert above the edit limit, saying why and what to do; nothing changes', async () => {
    const path = await sparse('big.md', 40 * MIB, 'title\nbody\n')
    store = await mem.open()
    const before = await stat(path)
    const replace = await err({
      command: 'str_replace',
      path: '/memories/big.md',
      old_str: 'title',
      new_str: 'T'
    })
    expect(replace).toBe(
      'Error: /memories/big.md is 41,943,040 bytes (40.0M), too large to edit with this command (the limit is 16,777,216 bytes (16.0M)). Nothing was changed. Read it in parts with view and view_range, create smaller files with what should be kept, then delete this one.'
    )
    const inserted = await err({
      command: 'insert',
      path: '/memories/big.md',
      insert_line: 0,
      insert_text: 'x'
    })
    expect(inserted).toMatch(/too large to edit/)
    const after = await stat(path)
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs])
  })

  it('inspector read of a huge file returns its first part, flagged truncated', async () => {
    await sparse('big.md', 40 * MIB, 'title\nbody\n')
    store = await mem.open()
    const file = await store.read('/memories/big.md')
    expect(file.truncated).toBe(true)
    expect(file.size).toBe(40 * MIB)
    expect(file.content.startsWith('title\nbody\n')).toBe(true)
    expect(file.content.length).toBeLessThanOrEqual(1024 * 1024)
    // A small file is whole and not flagged.
    await store.create({ path: '/memories/small.md', content: 'hi' })
    const small = await store.read('/memories/small.md')
    expect(small).toMatchObject({ content: 'hi' })
    expect(small.truncated).toBeUndefined()
  })
})
