import { availableParallelism } from 'node:os'
import type { Ctx } from '../kernel/context'
import { bigFiles } from '../jail/big-file'
import { READ_FLAGS, type Dir, type FileRead } from '../jail/fs-base'
import { Readers } from './readers'

// A whole-folder scan of many new files (the first open of a big folder) spends most of its time
// opening, reading and hashing them one by one. Read-ahead hands that to worker threads: the
// walk offers each file it will have to read, the workers read them a batch (of one folder's
// names) at a time while the walk goes on, and the main thread only books the results. Whatever
// a worker does not read plainly (see read-ahead-worker.ts) is read by the main thread as
// before: the workers only save time.

export const readAheadTuning = {
  /** Fewer files to read than this: no worker (starting one costs more than it saves). */
  minFiles: 2_000,
  /** Names per message: large enough that messages are cheap, small enough to start soon. */
  batch: 250,
  /** Batches in flight at once, per worker. */
  depth: 3,
  /**
   * Workers reading at once (at most one per core). One worker reads about as fast as a bare
   * walk that reads and hashes on its own; the main thread's share of a scan (walk, name checks,
   * booking) is about as much again, so with one worker the scan waited on it.
   */
  workers: 2,
  /** Bytes read but not taken yet, above which no further batch starts until some are taken. */
  aheadBytes: 32 * 1024 * 1024
}

/** A read the worker made: the whole file, already hashed. */
export type HashedRead = FileRead & { hash: string }

interface Batch {
  folder: string
  rels: string[]
  /** Sent to a worker (or given up on): never sent again. */
  started?: boolean
  answer?: Promise<void>
  /** Answered (or given up): `read` holds what the worker read, if anything. */
  done?: boolean
  read?: { meta: Float64Array; hashes: string; bytes: Buffer }
  /** Where the next take is expected: files are taken in the order they were offered. */
  next: number
}

/**
 * `offer(rel)` each file the scan will read (keys relative to the root), in the order it will
 * ask for them; `finish()` when there are no more. `take(rel)` then gives the worker's read of a
 * file, or undefined when the caller must read it itself.
 */
export class ReadAhead {
  private readonly readers = new Readers(
    Math.max(1, Math.min(readAheadTuning.workers, availableParallelism()))
  )
  private readonly batchOf = new Map<string, Batch>()
  /** Batches waiting for a worker, oldest first; one started out of turn is skipped. */
  private readonly queued: Batch[] = []
  private queuedFrom = 0
  private filling: Batch | undefined
  private offered = 0
  private inFlight = 0
  private aheadBytes = 0
  private closed = false

  constructor(private readonly ctx: Ctx) {}

  offer(rel: string): void {
    const folder = rel.slice(0, Math.max(0, rel.lastIndexOf('/')))
    const batch = this.filling
    if (!batch || batch.folder !== folder || batch.rels.length >= readAheadTuning.batch) {
      if (batch) this.queued.push(batch)
      this.filling = { folder, rels: [], next: 0 }
    }
    ;(this.filling as Batch).rels.push(rel)
    this.batchOf.set(rel, this.filling as Batch)
    this.offered++
    this.pump()
  }

  finish(): void {
    if (this.filling) this.queued.push(this.filling)
    this.filling = undefined
    this.pump()
  }

  /** The worker's read of `rel`, or undefined: the caller reads it. */
  async take(rel: string): Promise<HashedRead | undefined> {
    const batch = this.batchOf.get(rel)
    if (!batch) return undefined
    this.batchOf.delete(rel)
    // Asked before its turn (the budget held it back): it goes now.
    if (!batch.started && batch !== this.filling && this.worthIt()) this.start(batch)
    if (!batch.done) await batch.answer
    const read = this.readOf(batch, rel)
    if (this.queuedFrom < this.queued.length) this.pump()
    return read
  }

  /** Worker threads started (for tests: none for a small scan, `workers` for a big one). */
  get workers(): number {
    return this.readers.started
  }

  async close(): Promise<void> {
    this.closed = true
    this.batchOf.clear()
    await this.readers.close()
  }

  private readOf(batch: Batch, rel: string): HashedRead | undefined {
    const i = batch.rels[batch.next] === rel ? batch.next : batch.rels.indexOf(rel)
    batch.next = i + 1
    const read = batch.read
    if (!read || i < 0 || this.closed) return undefined
    const size = read.meta[i * 4] as number
    if (size < 0) return undefined
    const mtimeMs = read.meta[i * 4 + 1] as number
    const ino = read.meta[i * 4 + 2] as number
    const at = read.meta[i * 4 + 3] as number
    const hash = read.hashes.slice(i * 64, i * 64 + 64)
    this.aheadBytes -= size
    // Named fields, no rest and spread: 100,000 of these on a cold open.
    return { bytes: read.bytes.subarray(at, at + size), complete: true, size, mtimeMs, ino, hash }
  }

  /** Only a scan with enough files to read is worth a worker thread. */
  private worthIt(): boolean {
    return !this.closed && !this.readers.lost && this.offered >= readAheadTuning.minFiles
  }

  private pump(): void {
    while (
      this.worthIt() &&
      this.inFlight < readAheadTuning.depth * this.readers.size &&
      this.aheadBytes < readAheadTuning.aheadBytes &&
      this.queuedFrom < this.queued.length
    ) {
      const batch = this.queued[this.queuedFrom++] as Batch
      if (!batch.started) this.start(batch)
    }
  }

  private start(batch: Batch): void {
    batch.started = true
    this.inFlight++
    batch.answer = this.ask(batch)
      .catch(() => undefined) // the caller reads these files itself
      .finally(() => {
        batch.done = true
        this.inFlight--
        this.pump()
      })
  }

  private async ask(batch: Batch): Promise<void> {
    // Opened here and kept open until the answer: the worker reads inside this very folder.
    const dir: Dir = await this.ctx.fs.openDir(batch.folder === '' ? [] : batch.folder.split('/'))
    try {
      const names = batch.rels.map((rel) => rel.slice(rel.lastIndexOf('/') + 1)).join('/')
      const answer = await this.readers.ask({
        dir: dir.path,
        names,
        flags: READ_FLAGS,
        maxBytes: bigFiles.syncBytes
      })
      if (!answer || this.closed) return
      // A file's hash is a slice of `hashes`: the batch's 16 KB of hex stays while one is held.
      const { meta, hashes, bytes } = answer
      batch.read = { meta: new Float64Array(meta), hashes, bytes: Buffer.from(bytes) }
      this.aheadBytes += bytes.byteLength
    } finally {
      await dir.close()
    }
  }
}
