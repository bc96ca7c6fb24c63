import type { Stats } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { MAX_LINES } from '../core/format'
import { LINE_INDEX_WORKER_SOURCE } from './line-index-worker'
import type { RegularFile } from './fs-base'

// Where each line of a big file starts, so a view reads only the bytes of the lines it shows.
// Built once per file version in a worker thread (the main thread never scans the file), and kept
// for the last few files by (device, inode, size, mtime, ctime): any change makes a new key.
// It stops past MAX_LINES: such a file is refused by view anyway.
//
// A store has one LineIndexer. Background builds (`prefetch`, started when the engine first sees
// a big file) run one at a time on one worker; a view's build starts at once (on a second worker
// if the first is busy with another file), and a view of a file whose build is under way waits
// for that build: one build per file version. One worker is kept for the next build; it stops
// after an idle minute, and on dispose.

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
  key: string
  fd: number
  size: number
  /** A view waits for it (else a background build). */
  wanted: boolean
  promise: Promise<LineIndex>
  resolve(index: LineIndex): void
  reject(error: Error): void
  /** Called once no worker reads `fd` any more (a background build closes its file). */
  release(): void
}

type Answer = { total: number; starts: ArrayBuffer } | { error: { message: string; code?: string } }

export class LineIndexer {
  /** Workers with a build, and the build. */
  private readonly busy = new Map<Worker, Job>()
  private readonly idle: Worker[] = []
  /** Each worker's pause flag (see line-index-worker.ts). */
  private readonly pauses = new WeakMap<Worker, Int32Array>()
  /** Builds not started yet, views' first. */
  private readonly waiting: Job[] = []
  /** Builds running or waiting, by key. */
  private readonly jobs = new Map<string, Job>()
  /** Workers being terminated. */
  private readonly stopping = new Set<Promise<unknown>>()
  private idleTimer: NodeJS.Timeout | undefined
  private closed = false

  /** The line index of `file`, which must stay open until this settles. */
  async of(file: RegularFile): Promise<LineIndex> {
    const key = lineIndexKey(file.info)
    const found = cached(key)
    if (found) return found
    const job = this.jobs.get(key)
    if (job) {
      // A background build of this version: a view waits for it now, so it goes first.
      if (!job.wanted) {
        job.wanted = true
        const at = this.waiting.indexOf(job)
        if (at !== -1) this.waiting.splice(at, 1)
        if (at !== -1) this.waiting.unshift(job)
        this.pump()
      }
      return job.promise
    }
    return this.add(key, file, () => undefined, true).promise
  }

  /**
   * Starts building the index of `file` in the background, unless it is known or under way or
   * enough builds wait already. Takes `file` over: it is closed when no longer needed.
   */
  prefetch(file: RegularFile): void {
    const key = lineIndexKey(file.info)
    if (this.closed || cache.has(key) || this.jobs.has(key) || this.waiting.length >= KEEP) {
      file.close()
      return
    }
    this.add(key, file, () => file.close(), false).promise.catch(() => undefined) // a view retries
  }

  /** Stops the workers; builds under way or waiting are rejected. */
  async dispose(): Promise<void> {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.idleTimer)
    this.pauseBackground(false)
    const workers = [...this.busy.keys(), ...this.idle]
    this.busy.clear()
    this.idle.length = 0
    // The workers stop before any file they read is closed.
    await Promise.all([...workers.map((worker) => worker.terminate()), ...this.stopping])
    const jobs = [...this.jobs.values()]
    this.jobs.clear()
    this.waiting.length = 0
    for (const job of jobs) settle(job, new Error('The memory store was closed.'))
  }

  private add(key: string, file: RegularFile, release: () => void, wanted: boolean): Job {
    let resolve!: (index: LineIndex) => void
    let reject!: (error: Error) => void
    const promise = new Promise<LineIndex>((yes, no) => {
      resolve = yes
      reject = no
    })
    const job: Job = {
      key,
      fd: file.fd,
      size: file.info.size,
      wanted,
      promise,
      resolve,
      reject,
      release
    }
    if (this.closed) {
      settle(job, new Error('The memory store was closed.'))
      return job
    }
    this.jobs.set(key, job)
    if (wanted) this.waiting.unshift(job)
    else this.waiting.push(job)
    this.pump()
    return job
  }

  /**
   * Starts what can start: a view's build at once (on a second worker if the first is busy), a
   * background build only when no other one runs, so a view never waits behind another file.
   */
  private pump(): void {
    while (!this.closed) {
      const job = this.waiting[0]
      if (!job) break
      if (!job.wanted && [...this.busy.values()].some((running) => !running.wanted)) break
      this.waiting.shift()
      const worker = this.idle.pop() ?? this.spawn()
      this.busy.set(worker, job)
      worker.ref()
      worker.postMessage({ fd: job.fd, size: job.size, maxLines: MAX_LINES })
    }
    if (this.busy.size === 0) this.rest()
    else clearTimeout(this.idleTimer)
    this.pauseBackground()
  }

  /** A background build waits while a view's build runs (they would share the CPU). */
  private pauseBackground(holdAll = true): void {
    const viewRunning = holdAll && [...this.busy.values()].some((job) => job.wanted)
    for (const [worker, job] of this.busy) {
      const flag = this.pauses.get(worker)
      if (!flag) continue
      Atomics.store(flag, 0, viewRunning && !job.wanted ? 1 : 0)
      Atomics.notify(flag, 0)
    }
  }

  private spawn(): Worker {
    const pause = new Int32Array(new SharedArrayBuffer(4))
    const worker = new Worker(LINE_INDEX_WORKER_SOURCE, {
      eval: true,
      workerData: { pause: pause.buffer }
    })
    this.pauses.set(worker, pause)
    counts.workers++
    worker.once('exit', () => counts.workers--)
    worker.on('message', (answer: Answer) => this.answered(worker, answer))
    const lost = (error: Error): void => {
      const at = this.idle.indexOf(worker)
      if (at !== -1) this.idle.splice(at, 1)
      const job = this.busy.get(worker)
      if (!job) return
      this.busy.delete(worker)
      this.done(job, error)
      this.pump()
    }
    worker.on('error', lost)
    worker.on('exit', (code) =>
      lost(new Error(`The line-index worker stopped (exit code ${code}).`))
    )
    return worker
  }

  private answered(worker: Worker, answer: Answer): void {
    const job = this.busy.get(worker)
    if (!job) return
    this.busy.delete(worker)
    // One worker is kept for the next build (its code is warm); a second one, started for a view
    // while the first was busy, stops.
    if (this.idle.length === 0) this.idle.push(worker)
    else this.stop(worker)
    if ('error' in answer) {
      this.done(job, Object.assign(new Error(answer.error.message), { code: answer.error.code }))
    } else {
      const index = { total: answer.total, starts: new Float64Array(answer.starts), size: job.size }
      remember(job.key, index)
      counts.builds++
      this.done(job, index)
    }
    this.pump()
  }

  private done(job: Job, result: LineIndex | Error): void {
    this.jobs.delete(job.key)
    settle(job, result)
  }

  /** Terminates an idle worker; dispose waits for it. */
  private stop(worker: Worker): void {
    const stopped = worker.terminate().catch(() => undefined)
    this.stopping.add(stopped)
    void stopped.finally(() => this.stopping.delete(stopped))
  }

  /** Nothing runs: idle workers no longer keep the process alive, and stop after a while. */
  private rest(): void {
    for (const worker of this.idle) worker.unref()
    clearTimeout(this.idleTimer)
    if (this.idle.length === 0) return
    this.idleTimer = setTimeout(() => {
      for (const worker of this.idle.splice(0)) this.stop(worker)
    }, IDLE_MS).unref()
  }
}

function settle(job: Job, result: LineIndex | Error): void {
  job.release()
  if (result instanceof Error) job.reject(result)
  else job.resolve(result)
}

/** The byte range [from, to) of line n, without its \n. */
export function lineBytes(index: LineIndex, n: number): [number, number] {
  const from = index.starts[n - 1] ?? index.size
  const to = n < index.total ? (index.starts[n] ?? index.size) - 1 : index.size
  return [from, Math.max(from, to)]
}
