import { Worker } from 'node:worker_threads'
import { READ_AHEAD_WORKER_SOURCE } from './read-ahead-worker'

// The worker threads of a read-ahead (read-ahead.ts): all started with the first job (each takes
// tens of milliseconds to boot, better spent while the walk still lists the folder), each job
// going to the one with the fewest jobs in flight.

export interface Job {
  dir: string
  /** The names to read in `dir`, joined with '/'. */
  names: string
  flags: number
  maxBytes: number
}

/** What a worker read of a job's files (the layout is read-ahead-worker.ts's). */
export interface Answer {
  id: number
  /** Four numbers a file: size (-1: not read), mtimeMs, ino, where its bytes start. */
  meta: ArrayBuffer
  /** The hex sha256 of each file read, 64 characters a file, in order. */
  hashes: string
  bytes: ArrayBuffer
}

interface Reader {
  worker: Worker
  inFlight: number
}

export class Readers {
  private readonly readers: Reader[] = []
  private readonly waiting = new Map<number, (answer: Answer | undefined) => void>()
  private nextId = 0
  /** A worker failed: every job left is the main thread's. */
  lost = false

  constructor(readonly size: number) {}

  /** Workers started so far (none until the first job). */
  get started(): number {
    return this.readers.length
  }

  /** The answer to `job`, or undefined when it was not read (a worker failed or was closed). */
  ask(job: Job): Promise<Answer | undefined> {
    if (this.lost) return Promise.resolve(undefined)
    const reader = this.pick()
    const id = this.nextId++
    reader.inFlight++
    const answered = new Promise<Answer | undefined>((resolve) => this.waiting.set(id, resolve))
    reader.worker.postMessage({ id, ...job })
    return answered.finally(() => reader.inFlight--)
  }

  async close(): Promise<void> {
    this.lost = true
    await Promise.all(this.readers.map((reader) => reader.worker.terminate()))
  }

  private pick(): Reader {
    while (this.readers.length < this.size) this.spawn()
    let best = this.readers[0] as Reader
    for (const reader of this.readers) if (reader.inFlight < best.inFlight) best = reader
    return best
  }

  private spawn(): void {
    const worker = new Worker(READ_AHEAD_WORKER_SOURCE, { eval: true })
    const reader = { worker, inFlight: 0 }
    worker.on('message', (answer: Answer) => this.answered(answer.id, answer))
    // A worker that fails leaves every read to the main thread; the scan goes on.
    const lost = (): void => {
      this.lost = true
      for (const id of [...this.waiting.keys()]) this.answered(id, undefined)
    }
    worker.on('error', lost)
    worker.on('exit', lost)
    this.readers.push(reader)
  }

  private answered(id: number, answer: Answer | undefined): void {
    const resolve = this.waiting.get(id)
    this.waiting.delete(id)
    resolve?.(answer)
  }
}
