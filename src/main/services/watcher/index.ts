import { mkdir } from 'node:fs/promises'
import { basename, relative, resolve, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import type { MemoryChange } from '@shared/memory'
import type { Logger } from '../log/logger'
import { TEMP_NAME } from '../memory/paths'

// Watches the memory folder for other programs' edits and hands them to the engine in batches.
// The engine re-reads the disk and diffs it against its index, so whatever the event pattern
// (an editor's temp-and-rename save, delete then recreate, a renamed folder, a thousand files at
// once) the outcome is the disk as it is now; Cairn's own writes are already in the index, so they
// never come back as external. Batches are at least `minIntervalMs` apart: ≤ 10 events a second.

export interface WatcherProblem {
  kind: 'root-recreated' | 'permission' | 'error'
  message: string
}

/** The part of the memory engine the watcher drives. */
export interface ExternalApplier {
  /** `touched`: files the events named, relative to the root with `/` (rehashed for sure). */
  applyExternal(touched?: Iterable<string>): Promise<MemoryChange | undefined>
  /** Puts a problem in the activity log and the change stream (optional for test doubles). */
  reportExternalProblem?(message: string): Promise<void>
}

export interface MemoryWatcherOptions {
  /** The memory folder (the engine's root). */
  root: string
  memory: ExternalApplier
  logger?: Logger
  /** Quiet time after the first event before a batch is applied (default 20 ms). */
  settleMs?: number
  /** Least time between two batches (default 100 ms: at most 10 updates a second). */
  minIntervalMs?: number
}

export class MemoryWatcher {
  private watcher: FSWatcher | undefined
  private readonly problemListeners = new Set<(problem: WatcherProblem) => void>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private pending = false
  private touched = new Set<string>()
  private lastRun = 0
  private closed = false
  private readonly root: string
  private readonly settleMs: number
  private readonly minIntervalMs: number

  private constructor(private readonly options: MemoryWatcherOptions) {
    this.root = resolve(options.root)
    this.settleMs = options.settleMs ?? 20
    this.minIntervalMs = options.minIntervalMs ?? 100
  }

  /** Starts watching; resolves once the initial scan is done (changes from then on are seen). */
  static async start(options: MemoryWatcherOptions): Promise<MemoryWatcher> {
    const watcher = new MemoryWatcher(options)
    await watcher.open()
    return watcher
  }

  private open(): Promise<void> {
    const watcher = watch(this.root, {
      followSymlinks: false,
      ignoreInitial: true,
      // The engine diffs against the disk, so pairing unlink+add into one change is not needed.
      atomic: false,
      ignored: (path) => TEMP_NAME.test(basename(path))
    })
    this.watcher = watcher
    watcher.on('all', (event, path) => {
      if (event === 'unlinkDir' && resolve(path) === this.root) void this.rootGone()
      if (event === 'add' || event === 'change') {
        const rel = relative(this.root, path)
        if (rel && !rel.startsWith('..')) this.touched.add(rel.split(sep).join('/'))
      }
      this.schedule()
    })
    watcher.on('error', (error) => this.report(problemOf(error)))
    return new Promise((done) => watcher.once('ready', () => done()))
  }

  /** Problems worth showing the user (folder recreated, permission denied). */
  onProblem(listener: (problem: WatcherProblem) => void): () => void {
    this.problemListeners.add(listener)
    return () => this.problemListeners.delete(listener)
  }

  /** Resolves when no batch is waiting or running (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.timer || this.running) {
      if (this.running) await this.running
      else await new Promise<void>((done) => setImmediate(done))
    }
  }

  async dispose(): Promise<void> {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.timer)
    this.timer = undefined
    await this.watcher?.close()
    this.watcher = undefined
    await this.running
    this.problemListeners.clear()
  }

  private schedule(): void {
    if (this.closed) return
    if (this.timer || this.running) {
      this.pending = true
      return
    }
    const wait = Math.max(this.settleMs, this.lastRun + this.minIntervalMs - Date.now())
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.running = this.run().finally(() => {
        this.running = undefined
        this.lastRun = Date.now()
        if (this.pending) {
          this.pending = false
          this.schedule()
        }
      })
    }, wait)
  }

  private async run(): Promise<void> {
    this.pending = false
    const touched = this.touched
    this.touched = new Set()
    try {
      await this.options.memory.applyExternal(touched)
    } catch (error) {
      if (this.closed) return
      this.report(problemOf(error))
    }
  }

  /** The memory folder itself was deleted: make it again (empty) so the app keeps working. */
  private async rootGone(): Promise<void> {
    if (this.closed) return
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 })
      this.report({
        kind: 'root-recreated',
        message: 'The memory folder was deleted outside the app; it was created again, empty.'
      })
    } catch (error) {
      this.report(problemOf(error))
    }
    this.schedule()
  }

  private report(problem: WatcherProblem): void {
    this.options.logger?.warn('memory watcher', { kind: problem.kind, message: problem.message })
    if (!this.closed) void this.options.memory.reportExternalProblem?.(problem.message)
    for (const listener of this.problemListeners) {
      try {
        listener(problem)
      } catch (error) {
        this.options.logger?.warn('memory watcher listener failed', { error })
      }
    }
  }
}

function problemOf(error: unknown): WatcherProblem {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const denied = typeof message === 'string' && /permission denied/i.test(message)
  if (code === 'EACCES' || code === 'EPERM' || denied) {
    return {
      kind: 'permission',
      message: 'Part of the memory folder could not be read (permission denied).'
    }
  }
  return { kind: 'error', message: 'A change in the memory folder could not be read.' }
}
