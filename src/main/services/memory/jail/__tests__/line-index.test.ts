import { open, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTempDir } from '../../../__tests__/helpers'
import { clearLineIndexes, lineBytes, lineIndexCounts, LineIndexer } from '../line-index'
import { openRegular } from '../fs-ops'
import { type RegularFile } from '../fs-base'

const temp = useTempDir('cairn-line-index-')
const MIB = 1024 * 1024
const indexers: LineIndexer[] = []
const files: RegularFile[] = []

afterEach(async () => {
  for (const indexer of indexers.splice(0)) await indexer.dispose()
  for (const file of files.splice(0)) file.close()
  clearLineIndexes()
})

function indexer(): LineIndexer {
  const made = new LineIndexer()
  indexers.push(made)
  return made
}

async function opened(name: string): Promise<RegularFile> {
  const file = await openRegular(join(temp(), name))
  files.push(file)
  return file
}

/** A sparse file of `mib` MiB with "first\n" at the start and "last\n" at the end. */
async function sparse(name: string, mib: number): Promise<void> {
  const file = await open(join(temp(), name), 'w')
  await file.write('first\n', 0)
  await file.truncate(mib * MIB)
  await file.write('last\n', mib * MIB - 5)
  await file.close()
}

describe('line indexes are built by a worker thread', () => {
  it('finds where every line starts, across chunk boundaries', async () => {
    const lines = Array.from({ length: 300_000 }, (_, n) => `line ${n + 1}`)
    await writeFile(join(temp(), 'many.txt'), lines.join('\n'))
    const file = await opened('many.txt')
    const index = await indexer().of(file)
    expect(index.total).toBe(300_000)
    const [from, to] = lineBytes(index, 123_456)
    expect((await file.read(from, to - from)).toString()).toBe('line 123456')
  })

  it('a view joins the background build of the same version: one build', async () => {
    await sparse('a.log', 32)
    const lines = indexer()
    const builds = lineIndexCounts().builds
    lines.prefetch(await openRegular(join(temp(), 'a.log'))) // closed by the indexer
    const index = await lines.of(await opened('a.log'))
    expect(index.total).toBe(3)
    expect(lineIndexCounts().builds).toBe(builds + 1)
  })

  it('a view does not wait behind the background build of another file', async () => {
    await sparse('a.log', 64)
    await sparse('b.log', 2)
    const lines = indexer()
    const { workers, builds } = lineIndexCounts()
    lines.prefetch(await openRegular(join(temp(), 'a.log')))
    const b = lines.of(await opened('b.log'))
    // a.log's build cannot have finished in this same turn: b.log's started on a second worker
    // (and a.log's waits meanwhile).
    expect(lineIndexCounts().workers).toBe(workers + 2)
    expect((await b).total).toBe(3)
    // a.log's build goes on afterwards: a view of it joins it.
    expect((await lines.of(await opened('a.log'))).total).toBe(3)
    expect(lineIndexCounts().builds).toBe(builds + 2)
    // One worker is kept for the next build; the second stops.
    await vi.waitFor(() => expect(lineIndexCounts().workers).toBe(workers + 1))
  })

  it('a failed build rejects, and the next one works', async () => {
    await sparse('a.log', 2)
    const lines = indexer()
    const file = await openRegular(join(temp(), 'a.log'))
    const info = file.info
    file.close()
    // A descriptor that is no longer open: the worker's read fails.
    await expect(lines.of({ ...file, info, fd: file.fd })).rejects.toThrow()
    expect((await lines.of(await opened('a.log'))).total).toBe(3)
  })

  it('dispose terminates the workers and rejects what was under way', async () => {
    await sparse('a.log', 64)
    const lines = new LineIndexer()
    const workers = lineIndexCounts().workers
    const pending = lines.of(await opened('a.log'))
    expect(lineIndexCounts().workers).toBe(workers + 1)
    await lines.dispose()
    expect(lineIndexCounts().workers).toBe(workers)
    await pending.then(
      () => undefined, // it may have finished first
      (error: Error) => expect(error.message).toMatch(/closed/)
    )
  })
})
