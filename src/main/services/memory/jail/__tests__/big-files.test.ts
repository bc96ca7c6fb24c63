import { open, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { setBigFileSizes } from '../big-file'
import { runner, useMemory } from '../../__tests__/helpers'

const mem = useMemory()
let store: MemoryStore
const { run, err } = runner(() => store)

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
    // Written before opening: the huge file already puts the folder over its total cap.
    await writeFile(join(mem.root(), 'small.md'), 'hi')
    store = await mem.open()
    const file = await store.read('/memories/big.md')
    expect(file.truncated).toBe(true)
    expect(file.size).toBe(40 * MIB)
    expect(file.content.startsWith('title\nbody\n')).toBe(true)
    expect(file.content.length).toBeLessThanOrEqual(1024 * 1024)
    // A small file is whole and not flagged.
    const small = await store.read('/memories/small.md')
    expect(small).toMatchObject({ content: 'hi' })
    expect(small.truncated).toBeUndefined()
  })
})

describe('view of a big file reads by line range and answers exactly like a small one', () => {
  const contents: Record<string, string | Buffer> = {
    'doc.md': 'Hello World\nThis is line two',
    'empty.md': '',
    'trailing.md': 'one\ntwo\n',
    'crlf.md': 'a\r\nb\r\n\r\nc',
    'utf8.md': `é${'ü'.repeat(700)}\n😀 ${'日本語'.repeat(600)}\nend`,
    'bytes.md': Buffer.from([0x61, 0xff, 0x0a, 0xc3, 0x0a, 0xe6, 0x97, 0x0a, 0x62]),
    'wide.md': `${'w'.repeat(5000)}\nnext\n${'日'.repeat(3000)}`,
    'long.md': Array.from({ length: 300 }, (_, i) => `line ${i + 1} ${'·'.repeat(20)}`).join('\n'),
    'max.md': '\n'.repeat(999_998),
    'over.md': '\n'.repeat(999_999)
  }
  const ranges: Array<[number, number] | undefined> = [
    undefined,
    [1, 1],
    [2, -1],
    [3, 3],
    [2, 250],
    [299, 300],
    [0, 1],
    [4, 2],
    [301, -1]
  ]

  it('gives the same text and errors for every file, range and read limit', async () => {
    await mem.mkroot()
    for (const [name, data] of Object.entries(contents))
      await writeFile(join(mem.root(), name), data)
    for (const maxReadChars of [1000, 40_000]) {
      store = await mem.open({ limits: { maxReadChars } })
      for (const name of Object.keys(contents)) {
        for (const range of ranges) {
          const input = {
            command: 'view',
            path: `/memories/${name}`,
            ...(range ? { view_range: range } : {})
          }
          const small = await run(input)
          const restore = setBigFileSizes({ syncBytes: 0, wholeBytes: 0 })
          let big
          try {
            big = await run(input)
          } finally {
            restore()
          }
          expect({ name, range, maxReadChars, ...big }).toEqual({
            name,
            range,
            maxReadChars,
            ...small
          })
        }
      }
      await store.dispose()
    }
  })
})
