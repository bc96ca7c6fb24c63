import { Worker } from 'node:worker_threads'
import type { Ctx } from '../kernel/context'
import { bigFiles } from '../jail/big-file'
import { READ_FLAGS, type Dir, type FileRead } from '../jail/fs-base'
import { READ_AHEAD_WORKER_SOURCE } from './read-ahead-worker'

// A whole-folder scan of many new files (the first open of a big folder) spends most of its time
// opening, reading and hashing them one by one. Read-ahead hands that to a worker thread: the
// walk offers each file it will have to read, the worker reads them a batch (of one folder's
// names) at a time while the walk goes on, and the main thread only books the results. Whatever
// the worker does not read plainly (see read-ahead-worker.ts) is read by the main thread as
// before: the worker only saves time.

export const readAheadTuning = {
  /** Fewer files to read than this: no worker (starting one costs more than it saves). */
  minFiles: 2_000,
  /** Names per message: large enough that messages are cheap, small enough to start soon. */
  batch: 250,
  /** Batches in flight at once. */
  depth: 3,
  /** Bytes read but not taken yet, above which no further batch starts until some are taken. */
  aheadBytes: 32 * 1024 * 1024
}

/** A read the worker made: the whole file, already hashed. */
export type HashedRead = FileRead & { hash: string }

interface WorkerFile {
  size: number
  mtimeMs: number
  ino: number
  hash: string
  end: number
}

interface Answer {
  id: number
  files: Array<WorkerFile | false>
  bytes: ArrayBuffer
}

interface Batch {
  folder: string
  rels: string[]
  answer?: Promise<void>
  /** Answered (or given up): its reads are in `reads`. */
  done?: boolean
}

/**
 * `offer(rel)` each file the scan will read (keys relative to the root), in the order it will
 * ask for them; `finish()` when there are no more. `take(rel)` then gives the worker's read of a
 * file, or undefined when the caller must read it itself.
 */
export class ReadAhead {
  private worker: Worker | undefined
  private readonly waiting = new Map<number, (answer: Answer | undefined) => void>()
  private readonly batchOf = new Map<string, Batch>()
  private readonly queued: Batch[] = []
  private filling: Batch | undefined
  private readonly reads = new Map<string, HashedRead>()
  private offered = 0
  private inFlight = 0
  private aheadBytes = 0
  private nextId = 0
  private dead = false

  constructor(private readonly ctx: Ctx) {}

  offer(rel: string): void {
    const folder = rel.slice(0, Math.max(0, rel.lastIndexOf('/')))
    const batch = this.filling
    if (!batch || batch.folder !== folder || batch.rels.length >= readAheadTuning.batch) {
      if (batch) this.queued.push(batch)
      this.filling = { folder, rels: [] }
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
    const queuedAt = batch.answer ? -1 : this.queued.indexOf(batch)
    if (queuedAt !== -1 && this.worthIt()) {
      // Asked before its turn (the budget held it back): it goes now.
      this.queued.splice(queuedAt, 1)
      this.start(batch)
    }
    if (!batch.done) await batch.answer
    const read = this.reads.get(rel)
    if (read) {
      this.reads.delete(rel)
      this.aheadBytes -= read.bytes.length
    }
    if (this.queued.length > 0) this.pump()
    return read
  }

  async close(): Promise<void> {
    this.dead = true
    this.batchOf.clear()
    this.reads.clear()
    await this.worker?.terminate()
  }

  /** Only a scan with enough files to read is worth a worker thread. */
  private worthIt(): boolean {
    return !this.dead && this.offered >= readAheadTuning.minFiles
  }

  private pump(): void {
    while (
      this.worthIt() &&
      this.inFlight < readAheadTuning.depth &&
      this.aheadBytes < readAheadTuning.aheadBytes &&
      this.queued.length > 0
    ) {
      this.start(this.queued.shift() as Batch)
    }
  }

  private start(batch: Batch): void {
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
    const worker = this.worker ?? this.spawn()
    // Opened here and kept open until the answer: the worker reads inside this very folder.
    const dir: Dir = await this.ctx.fs.openDir(batch.folder === '' ? [] : batch.folder.split('/'))
    try {
      const id = this.nextId++
      const answered = new Promise<Answer | undefined>((resolve) => this.waiting.set(id, resolve))
      const names = batch.rels.map((rel) => rel.slice(rel.lastIndexOf('/') + 1))
      worker.postMessage({
        id,
        dir: dir.path,
        names,
        flags: READ_FLAGS,
        maxBytes: bigFiles.syncBytes
      })
      const answer = await answered
      if (!answer || this.dead) return
      const bytes = Buffer.from(answer.bytes)
      let start = 0
      answer.files.forEach((file, i) => {
        if (!file) return
        const { size, mtimeMs, ino, hash, end } = file
        // Named fields, no rest and spread: 100,000 of these on a cold open.
        const read = { bytes: bytes.subarray(start, end), complete: true, size, mtimeMs, ino, hash }
        this.reads.set(batch.rels[i] as string, read)
        this.aheadBytes += read.bytes.length
        start = end
      })
    } finally {
      await dir.close()
    }
  }

  private spawn(): Worker {
    const worker = new Worker(READ_AHEAD_WORKER_SOURCE, { eval: true })
    worker.on('message', (answer: Answer) => this.answered(answer.id, answer))
    // A worker that fails leaves every read to the main thread; the scan goes on.
    const lost = (): void => {
      this.dead = true
      for (const id of [...this.waiting.keys()]) this.answered(id, undefined)
    }
    worker.on('error', lost)
    worker.on('exit', lost)
    this.worker = worker
    return worker
  }

  private answered(id: number, answer: Answer | undefined): void {
    const resolve = this.waiting.get(id)
    this.waiting.delete(id)
    resolve?.(answer)
  }
}
