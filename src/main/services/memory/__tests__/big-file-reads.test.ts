import { appendFile, open } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemoryStore } from '..'
import { setBigFileSizes } from '../big-file'
import { runner, useMemory } from './helpers'

// Counts the bytes the engine reads, to check that big files are read by range.
const reads = vi.hoisted(() => ({ bytes: 0, whole: 0 }))
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  return {
    ...real,
    read: (...args: Parameters<typeof real.read>) => {
      const done = args.at(-1) as (error: Error | null, bytesRead: number, buffer: Buffer) => void
      const rest = args.slice(0, -1) as [number, Buffer, number, number, number]
      real.read(...rest, (error, bytesRead, buffer) => {
        reads.bytes += bytesRead
        done(error, bytesRead, buffer)
      })
    },
    readFileSync: (...args: Parameters<typeof real.readFileSync>) => {
      const data = real.readFileSync(...args)
      reads.whole += data.length
      return data
    }
  }
})

const mem = useMemory()
let store: MemoryStore
const { ok } = runner(() => store)
const MIB = 1024 * 1024
let restore = () => undefined as void
afterEach(() => restore())

describe('a big file is read by range', () => {
  it('indexes lines once; a view_range then reads only the bytes of its lines', async () => {
    const path = join(await mem.mkroot(), 'big.log')
    const file = await open(path, 'w')
    await file.write('title\n', 0)
    await file.truncate(40 * MIB)
    await file.write('line a\nline b\n', 40 * MIB - 14)
    await file.close()
    store = await mem.open()
    const first = await ok({ command: 'view', path: '/memories/big.log', view_range: [3, 4] })
    expect(first.split('\n').slice(0, 3)).toEqual([
      "Here's the content of /memories/big.log with line numbers:",
      '     3\tline b',
      '     4\t'
    ])
    reads.bytes = 0
    reads.whole = 0
    const again = await ok({ command: 'view', path: '/memories/big.log', view_range: [1, 1] })
    expect(again).toContain('     1\ttitle')
    expect(reads.bytes).toBeLessThan(64)
    expect(reads.whole).toBe(0)
  })

  it('a view without view_range reads the first part only, once lines are indexed', async () => {
    restore = setBigFileSizes({ syncBytes: 1024, wholeBytes: 64 * 1024 })
    const path = join(await mem.mkroot(), 'wide.md')
    // A 3 MB one-line file (a 600 MB one in miniature): the first part, with the long-line note.
    await appendFile(path, 'x'.repeat(3 * MIB))
    store = await mem.open({ limits: { maxReadChars: 1000 } })
    await ok({ command: 'view', path: '/memories/wide.md' })
    reads.bytes = 0
    const content = await ok({ command: 'view', path: '/memories/wide.md' })
    expect(content.split('\n')).toEqual([
      "Here's the content of /memories/wide.md with line numbers:",
      `     1\t${'x'.repeat(993)}`,
      '[Line 1 is longer than the read limit of 1,000 characters and was cut.]',
      expect.stringMatching(/^Note: this file is 3,145,728 bytes/)
    ])
    expect(reads.bytes).toBeLessThanOrEqual(3 * 1000 + 12)
    // A change outside the app makes a new index: the appended line shows.
    await appendFile(path, '\nmore')
    expect(await ok({ command: 'view', path: '/memories/wide.md', view_range: [2, 2] })).toBe(
      "Here's the content of /memories/wide.md with line numbers:\n     2\tmore\nNote: this file is 3,145,733 bytes (3.0M), over the per-file cap of 262,144 bytes (256.0K). It stays readable, but edits that make it larger are refused; shorten it or split it into smaller files."
    )
  })
})
