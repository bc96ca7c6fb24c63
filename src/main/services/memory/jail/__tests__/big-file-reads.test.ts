import { readdirSync } from 'node:fs'
import { appendFile, open } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemoryStore } from '../..'
import { setBigFileSizes } from '../big-file'
import { clearLineIndexes, lineIndexCounts } from '../line-index'
import { runner, useMemory } from '../../__tests__/helpers'

// Counts the bytes the engine reads on the main thread (this module's node:fs), to check that big
// files are read by range there. Line indexes are built by a worker thread, which loads the real
// node:fs: what it reads is not counted, and that is the point (the main thread never scans).
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
afterEach(() => {
  restore()
  clearLineIndexes()
})

/** A 40 MiB file: "title", 40 MiB of NUL bytes, then "line a" and "line b" (4 lines). */
async function bigLog(path: string): Promise<void> {
  const file = await open(path, 'w')
  await file.write('title\n', 0)
  await file.truncate(40 * MIB)
  await file.write('line a\nline b\n', 40 * MIB - 14)
  await file.close()
}

function openFds(): number | undefined {
  try {
    return readdirSync('/proc/self/fd').length
  } catch {
    return undefined
  }
}

describe('a big file is read by range', () => {
  it('indexes lines once; a view_range then reads only the bytes of its lines', async () => {
    await bigLog(join(await mem.mkroot(), 'big.log'))
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

  it('the main thread does not read the file to build its index', async () => {
    await mem.mkroot()
    store = await mem.open()
    // Written after the engine opened the folder: the view is the first to see it.
    await bigLog(join(mem.root(), 'big.log'))
    reads.bytes = 0
    reads.whole = 0
    const builds = lineIndexCounts().builds
    const content = await ok({ command: 'view', path: '/memories/big.log', view_range: [3, 4] })
    expect(content).toContain('     3\tline b')
    expect(lineIndexCounts().builds).toBe(builds + 1)
    // The first 16 KiB (front-matter, for the index entry) and the two lines: not 40 MiB.
    expect(reads.bytes).toBeLessThanOrEqual(16 * 1024 + 64)
    expect(reads.whole).toBe(0)
  })

  it('opening the folder starts the index of a big file; a view then waits for that build', async () => {
    await bigLog(join(await mem.mkroot(), 'big.log'))
    const builds = lineIndexCounts().builds
    store = await mem.open()
    // Right away: the view joins the build the open started (one build for this version).
    expect(await ok({ command: 'view', path: '/memories/big.log', view_range: [4, 4] })).toContain(
      '     4\t'
    )
    expect(lineIndexCounts().builds).toBe(builds + 1)
    await ok({ command: 'view', path: '/memories/big.log', view_range: [1, 2] })
    expect(lineIndexCounts().builds).toBe(builds + 1)
  })

  it('the index is built in the background with no view at all', async () => {
    await bigLog(join(await mem.mkroot(), 'big.log'))
    const builds = lineIndexCounts().builds
    store = await mem.open()
    await vi.waitFor(() => expect(lineIndexCounts().builds).toBe(builds + 1), { timeout: 5000 })
    reads.bytes = 0
    await ok({ command: 'view', path: '/memories/big.log', view_range: [3, 3] })
    expect(lineIndexCounts().builds).toBe(builds + 1)
    expect(reads.bytes).toBeLessThan(64)
  })

  it('reopening starts the index of a big file the index already knew', async () => {
    await bigLog(join(await mem.mkroot(), 'big.log'))
    await (await mem.open()).dispose() // the index (saved) now knows big.log
    clearLineIndexes() // as after a restart
    const builds = lineIndexCounts().builds
    store = await mem.open()
    await vi.waitFor(() => expect(lineIndexCounts().builds).toBe(builds + 1), { timeout: 5000 })
    await ok({ command: 'view', path: '/memories/big.log', view_range: [3, 3] })
    expect(lineIndexCounts().builds).toBe(builds + 1)
  })

  it('dispose stops the worker and closes the file of a build under way', async () => {
    await bigLog(join(await mem.mkroot(), 'big.log'))
    const fdsBefore = openFds()
    const opened = await mem.open()
    expect(lineIndexCounts().workers).toBe(1) // the open started a build
    await opened.dispose()
    expect(lineIndexCounts().workers).toBe(0)
    if (fdsBefore !== undefined) expect(openFds()).toBeLessThanOrEqual(fdsBefore)
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
