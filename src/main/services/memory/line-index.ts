import type { Stats } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { MAX_LINES } from './format'
import { LINE_INDEX_WORKER_SOURCE } from './line-index-worker'
import type { RegularFile } from './safe-fs'

// Where each line of a big file starts, so a view reads only the bytes of the lines it shows.
// Built once per file version in a worker thread (the main thread never scans the file), and kept
// for the last few files by (device, inode, size, mtime, ctime): any change makes a new key.
// It stops past MAX_LINES: such a file is refused by view anyway.
//
// A store has one LineIndexer: one worker, started on the first build and stopped after a quiet
// minute or on dispose. Builds run one at a time; a view's build goes before background ones
// (`prefetch`, started when the engine first sees a big file), and a view of a file whose build
// is under way waits for that build: one build per file version.

export interface LineIndex {
  /** Lines as the tool counts them (split on \n); MAX_LINES + 1 when there are more. */
  total: number
  /** Byte offset where line n (1-based) starts is `starts[n - 1]`. */
  starts: Float64Array
  size: number
}

type Identity = Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>

const KEEP = 4
const IDLE_MS = 60_000
const cache = new Map<string, LineIndex>()

export function lineIndexKey(info: Identity): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`
}

function cached(key: string): LineIndex | undefined {
  const found = cache.get(key)
  if (found) {
    cache.delete(key) // most recently used last
    cache.set(key, found)
  }
  return found
}

function remember(key: string, index: LineIndex): void {
  cache.set(key, index)
  while (cache.size > KEEP) cache.delete(cache.keys().next().value as string)
}

const counts = { builds: 0, workers: 0 }

/** For tests: builds finished and worker threads alive, in this process. */
export function lineIndexCounts(): { builds: number; workers: number } {
  return { ...counts }
}

/** For tests and after the app's own writes: forget every index. */
export function clearLineIndexes(): void {
  cache.clear()
}

interface Job {
  id: number
  key: string
  fd: number
  size: number
  promise: Promise<LineIndex>
  resolve(index: LineIndex): void
  reject(error: Error): void
  /** Called once the worker is done with `fd` (a background build closes its file). */
  release(): void
}

type Answer =
  | { id: number; total: number; starts: ArrayBuffer }
  | { id: number; error: { message: string; code?: string } }

export class LineIndexer {
  private worker: Worker | undefined
  private running: Job | undefined
  private readonly waiting: Job[] = []
  /** Builds running or waiting, by key. */
  private readonly jobs = new Map<string, Job>()
  private nextId = 1
  private idleTimer: NodeJS.Timeout | undefined
  private closed = false

  /** The line index of `file`, which must stay open until this settles. */
  async of(file: RegularFile): Promise<LineIndex> {
    const key = lineIndexKey(file.info)
    const found = cached(key)
    if (found) return found
    const job = this.jobs.get(key)
    if (job) {
      // A background build of this version: it goes first now (it may already be running).
      const at = this.waiting.indexOf(job)
      if (at > 0) this.waiting.unshift(...this.waiting.splice(at, 1))
      return job.promise
    }
    return this.add(key, file, () => undefined, true).promise
  }

  /**
   * Starts building the index of `file` in the background, unless it is known or under way or
   * enough builds are waiting. Takes `file` over: it is closed when no longer needed.
   */
  prefetch(file: RegularFile): void {
    const key = lineIndexKey(file.info)
    if (this.closed || cache.has(key) || this.jobs.has(key) || this.waiting.length >= KEEP) {
      file.close()
      return
    }
    this.add(key, file, () => file.close(), false).promise.catch(() => undefined) // a view retries
  }

  /** Stops the worker; builds under way or waiting are rejected. */
  async dispose(): Promise<void> {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.idleTimer)
    const worker = this.worker
    this.worker = undefined
    // The worker stops before any file it reads is closed.
    await worker?.terminate()
    const jobs = [...this.jobs.values()]
    this.jobs.clear()
    this.waiting.length = 0
    this.running = undefined
    for (const job of jobs) this.settle(job, new Error('The memory store was closed.'))
  }

  private add(key: string, file: RegularFile, release: () => void, first: boolean): Job {
    let resolve!: (index: LineIndex) => void
    let reject!: (error: Error) => void
    const promise = new Promise<LineIndex>((yes, no) => {
      resolve = yes
      reject = no
    })
    const job: Job = {
      id: this.nextId++,
      key,
      fd: file.fd,
      size: file.info.size,
      promise,
      resolve,
      reject,
      release
    }
    if (this.closed) {
      this.settle(job, new Error('The memory store was closed.'))
      return job
    }
    this.jobs.set(key, job)
    if (first) this.waiting.unshift(job)
    else this.waiting.push(job)
    this.next()
    return job
  }

  private next(): void {
    if (this.running || this.closed) return
    const job = this.waiting.shift()
    if (!job) {
      this.idle()
      return
    }
    clearTimeout(this.idleTimer)
    this.running = job
    const worker = this.start()
    worker.ref()
    worker.postMessage({ id: job.id, fd: job.fd, size: job.size, maxLines: MAX_LINES })
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(LINE_INDEX_WORKER_SOURCE, { eval: true })
    counts.workers++
    worker.once('exit', () => counts.workers--)
    worker.on('message', (answer: Answer) => this.answered(answer))
    const lost = (error: Error): void => {
      if (this.worker !== worker) return
      this.worker = undefined
      const job = this.running
      this.running = undefined
      if (job) this.done(job, error)
      this.next()
    }
    worker.on('error', lost)
    worker.on('exit', (code) =>
      lost(new Error(`The line-index worker stopped (exit code ${code}).`))
    )
    this.worker = worker
    return worker
  }

  private answered(answer: Answer): void {
    const job = this.running
    if (!job || job.id !== answer.id) return
    this.running = undefined
    if ('error' in answer) {
      const error = Object.assign(new Error(answer.error.message), { code: answer.error.code })
      this.done(job, error)
    } else {
      const index = { total: answer.total, starts: new Float64Array(answer.starts), size: job.size }
      remember(job.key, index)
      counts.builds++
      this.done(job, index)
    }
    this.next()
  }

  private done(job: Job, result: LineIndex | Error): void {
    this.jobs.delete(job.key)
    this.settle(job, result)
  }

  private settle(job: Job, result: LineIndex | Error): void {
    job.release()
    if (result instanceof Error) job.reject(result)
    else job.resolve(result)
  }

  /** Nothing to do: the worker no longer keeps the process alive, and stops after a while. */
  private idle(): void {
    const worker = this.worker
    if (!worker) return
    worker.unref()
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.running) return
      this.worker = undefined
      void worker.terminate()
    }, IDLE_MS).unref()
  }
}

/** The byte range [from, to) of line n, without its \n. */
export function lineBytes(index: LineIndex, n: number): [number, number] {
  const from = index.starts[n - 1] ?? index.size
  const to = n < index.total ? (index.starts[n] ?? index.size) - 1 : index.size
  return [from, Math.max(from, to)]
}
