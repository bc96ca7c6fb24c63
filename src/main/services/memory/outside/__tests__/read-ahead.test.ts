import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lstatSync, readFileSync } from 'node:fs'
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setBigFileSizes } from '../../jail/big-file'
import { useMemory } from '../../__tests__/helpers'
import { ReadAhead, readAheadTuning } from '../read-ahead'

// The worker that reads ahead of a whole-folder scan (read-ahead.ts): what it gives back must be
// exactly what a read on the main thread gives, and anything odd must be left to that read.

const mem = useMemory()
const saved = { ...readAheadTuning }
beforeEach(() => Object.assign(readAheadTuning, { minFiles: 1, batch: 3 }))
afterEach(() => Object.assign(readAheadTuning, saved))

async function put(rel: string, data: string | Buffer): Promise<string> {
  const host = join(mem.root(), rel)
  await mkdir(join(host, '..'), { recursive: true })
  await writeFile(host, data)
  return host
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function readAheadOf(rels: string[], before?: () => Promise<void>) {
  const { reads } = await readAheadWith(rels, before)
  return reads
}

async function readAheadWith(rels: string[], before?: () => Promise<void>) {
  const store = await mem.open()
  const ahead = new ReadAhead(store.ctx({ kind: 'system' }, false))
  for (const rel of rels) ahead.offer(rel)
  await before?.()
  ahead.finish()
  const reads = []
  for (const rel of rels) reads.push(await ahead.take(rel))
  const workers = ahead.workers
  await ahead.close()
  return { reads, workers }
}

describe('read-ahead', () => {
  it('gives what a plain read gives: bytes, hash, size, time and inode, across folders and batches', async () => {
    const rels = ['a.md', 'b.md', 'notes/one.md', 'notes/two.md', 'notes/three.md', 'notes/four.md']
    rels.push('notes/deep/empty.md', 'bom.md')
    for (const [i, rel] of rels.entries()) await put(rel, `# ${rel}\nline ${i}\n`)
    await put('notes/deep/empty.md', '')
    await put('bom.md', Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69, 0x0d, 0x0a, 0xff]))
    const reads = await readAheadOf(rels)
    for (const [i, rel] of rels.entries()) {
      const host = join(mem.root(), rel)
      const bytes = readFileSync(host)
      const info = lstatSync(host)
      expect(reads[i], rel).toMatchObject({
        complete: true,
        hash: sha256(bytes),
        size: bytes.length,
        mtimeMs: info.mtimeMs,
        ino: info.ino
      })
      expect(Buffer.compare(reads[i]!.bytes, bytes), rel).toBe(0)
    }
  })

  it('reads on two workers at once (one per core), every read still what a plain read gives', async () => {
    readAheadTuning.workers = 2
    const rels = Array.from({ length: 24 }, (_, i) => `f${i % 3}/n${i}.md`).sort()
    for (const rel of rels) await put(rel, `# ${rel}\n`)
    const { reads, workers } = await readAheadWith(rels)
    expect(workers).toBe(Math.min(2, availableParallelism()))
    for (const [i, rel] of rels.entries()) {
      const bytes = readFileSync(join(mem.root(), rel))
      expect(reads[i]?.hash, rel).toBe(sha256(bytes))
      expect(Buffer.compare(reads[i]!.bytes, bytes), rel).toBe(0)
    }
  })

  it('leaves links, FIFOs, big files and vanished files to the main thread, never following a link', async () => {
    const decoy = join(mem.temp(), 'decoy.txt')
    await writeFile(decoy, 'DECOY-OUTSIDE-THE-ROOT')
    await put('plain.md', 'plain')
    await symlink(decoy, join(mem.root(), 'link.md'))
    await put('big.md', 'x'.repeat(64))
    await put('gone.md', 'soon gone')
    const fifo = join(mem.root(), 'pipe.md')
    let fifoMade = true
    try {
      execFileSync('mkfifo', [fifo])
    } catch {
      fifoMade = false // no mkfifo on this platform: nothing to plant
    }
    const restore = setBigFileSizes({ syncBytes: 32 })
    try {
      const rels = ['plain.md', 'link.md', 'big.md', 'gone.md', ...(fifoMade ? ['pipe.md'] : [])]
      const reads = await readAheadOf(rels, () => rm(join(mem.root(), 'gone.md')))
      expect(reads[0]?.bytes.toString()).toBe('plain')
      expect(reads.slice(1)).toEqual(rels.slice(1).map(() => undefined))
    } finally {
      restore()
    }
  })

  it('with its budget of bytes ahead used up, starts a batch when the scan asks for it', async () => {
    Object.assign(readAheadTuning, { batch: 2, aheadBytes: 1 })
    const rels = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md', 'g.md']
    for (const rel of rels) await put(rel, `text of ${rel}`)
    const reads = await readAheadOf(rels)
    expect(reads.map((read) => read?.bytes.toString())).toEqual(rels.map((rel) => `text of ${rel}`))
  })

  it('reads nothing ahead for a scan with fewer files than a worker pays off for', async () => {
    readAheadTuning.minFiles = 10
    await put('a.md', 'a')
    await put('b.md', 'b')
    expect(await readAheadOf(['a.md', 'b.md'])).toEqual([undefined, undefined])
  })

  it('gives nothing once closed, and a file it was never offered is the caller’s', async () => {
    await put('a.md', 'a')
    const store = await mem.open()
    const ahead = new ReadAhead(store.ctx({ kind: 'system' }, false))
    ahead.offer('a.md')
    ahead.finish()
    expect(await ahead.take('other.md')).toBeUndefined()
    await ahead.close()
    expect(await ahead.take('a.md')).toBeUndefined()
  })
})

describe('a whole-folder scan with read-ahead', () => {
  it('indexes every file as a main-thread read would (hash, size, front-matter expiry), and no link', async () => {
    const rels: string[] = []
    for (let i = 0; i < 40; i++) rels.push(await put(`f${i % 4}/n${i}.md`, `note ${i}\n`))
    await put('dated.md', '---\nexpires: 2031-01-02\n---\nbody\n')
    const decoy = join(mem.temp(), 'decoy.md')
    await writeFile(decoy, 'decoy')
    await symlink(decoy, join(mem.root(), 'f0', 'link.md'))
    const take = vi.spyOn(ReadAhead.prototype, 'take')
    const store = await mem.open()
    const results = await Promise.all(take.mock.results.map((result) => result.value))
    take.mockRestore()
    // The worker did the reading (the scan asked it for each file, and it had them).
    expect(results.filter((read) => read !== undefined).length).toBe(41)
    const index = store.ctx({ kind: 'system' }, false).index
    expect(index.fileCount).toBe(41)
    for (const host of rels) {
      const rel = host.slice(mem.root().length + 1)
      expect(index.get(rel)?.hash, rel).toBe(sha256(readFileSync(host)))
      expect(index.get(rel)?.size, rel).toBe(lstatSync(host).size)
    }
    expect(index.get('dated.md')?.expiresAt).toBe(Date.parse('2031-01-02'))
    expect(index.get('f0/link.md')).toBeUndefined()
  })
})
