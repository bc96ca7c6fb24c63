import { basename, isAbsolute, relative, resolve, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import type { MemoryChange } from '@shared/memory/memory'
import type { Logger } from '../../log/logger'
import { Emitter } from '../../events/emitter'
import { TEMP_NAME } from '../jail/paths'

// Watches the memory folder for other programs' edits and hands them to the engine in batches.
// The engine re-reads the paths the events named (not the whole folder) and diffs them against its
// index, so whatever the event pattern (an editor's temp-and-rename save, delete then recreate, a
// renamed folder, a thousand files at once) the outcome is the disk as it is now; once events stop,
// their paths and folders are looked at once more, for events chokidar missed. Cairn's own writes
// are already in the index, so they never come back as external. Batches are at least
// `minIntervalMs` apart: ≤ 10 events a second.

/** Past this many paths in one batch, walking the whole folder is as cheap and simpler. */
const MAX_TOUCHED = 20_000

export interface WatcherProblem {
  kind: 'root-recreated' | 'permission' | 'error'
  message: string
}

/** The part of the memory engine the watcher drives. */
export interface ExternalApplier {
  /**
   * `touched`: paths the events named, relative to the root with `/` (files rehashed for sure,
   * folders walked, missing paths dropped); without it, the whole folder is walked.
   */
  applyExternal(touched?: Iterable<string>): Promise<MemoryChange | undefined>
  /** Puts a problem in the activity log and the change stream (optional for test doubles). */
  reportExternalProblem?(message: string): Promise<void>
  /**
   * Makes the deleted memory folder again, empty, inside the engine's queue: the engine is the
   * folder's one writer, so the watcher never creates it (optional for test doubles).
   */
  recreateRoot?(): Promise<void>
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
  /** Quiet time after the last batch before its paths are looked at once more (default 300 ms). */
  recheckMs?: number
}

export class MemoryWatcher {
  private watcher: FSWatcher | undefined
  private readonly problems = new Emitter<WatcherProblem>((error) =>
    this.options.logger?.warn('memory watcher listener failed', { error })
  )
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private pending = false
  /** Paths named since the last batch; `all` when the whole folder must be walked. */
  private touched: Set<string> | 'all' = new Set()
  /** Paths of the batches since events last stopped, looked at once more after `recheckMs`. */
  private recent: Set<string> | 'all' = new Set()
  private recheckTimer: NodeJS.Timeout | undefined
  /** The paths the batch about to run looks at again (so they are not queued once more). */
  private rechecking: ReadonlySet<string> | undefined
  private lastRun = 0
  private closed = false
  private readonly root: string
  private readonly settleMs: number
  private readonly minIntervalMs: number
  private readonly recheckMs: number

  private constructor(private readonly options: MemoryWatcherOptions) {
    this.root = resolve(options.root)
    this.settleMs = options.settleMs ?? 20
    this.minIntervalMs = options.minIntervalMs ?? 100
    this.recheckMs = options.recheckMs ?? 300
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
      // A file new or gone: its folder is looked at too (one level), so the other half of a
      // rename there is in the same batch whichever event comes first, and is paired (issue 36).
      this.touch(path, event === 'add' || event === 'unlink')
      this.schedule()
    })
    watcher.on('error', (error) => this.report(problemOf(error)))
    return new Promise((done) => watcher.once('ready', () => done()))
  }

  /** Notes a path an event named; the root itself (or anything unexpected) means all of it. */
  private touch(path: string, withFolder = false): void {
    if (this.touched === 'all') return
    const rel = relative(this.root, resolve(this.root, path))
    if (!rel || rel.startsWith('..') || isAbsolute(rel) || this.touched.size >= MAX_TOUCHED) {
      this.touched = 'all'
      return
    }
    const key = rel.split(sep).join('/')
    this.touched.add(key)
    if (withFolder) this.touched.add(folderOf(key))
  }

  /** Problems worth showing the user (folder recreated, permission denied). */
  onProblem(listener: (problem: WatcherProblem) => void): () => void {
    return this.problems.on(listener)
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
    clearTimeout(this.recheckTimer)
    this.recheckTimer = undefined
    await this.watcher?.close()
    this.watcher = undefined
    await this.running
    this.problems.clear()
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
        } else this.armRecheck()
      })
    }, wait)
  }

  /**
   * Once events stop, looks at the paths of the burst once more, and one level into the folders
   * that hold them: when files change faster than chokidar follows (an editor's save by rename,
   * a file created and deleted again between two looks), the last event can be missing, and the
   * index would keep a state the disk no longer has.
   */
  private armRecheck(): void {
    clearTimeout(this.recheckTimer)
    this.recheckTimer = undefined
    if (this.closed || (this.recent !== 'all' && this.recent.size === 0)) return
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = undefined
      if (this.closed || this.timer || this.running) return // that batch re-arms this
      const paths = this.recent === 'all' ? 'all' : withFolders(this.recent)
      this.recent = new Set()
      if (paths === 'all' || this.touched === 'all') this.touched = 'all'
      else for (const path of paths) this.touched.add(path)
      this.rechecking = paths === 'all' ? new Set() : paths
      this.schedule()
    }, this.recheckMs)
  }

  private async run(): Promise<void> {
    this.pending = false
    const touched = this.touched
    this.touched = new Set()
    const rechecked = this.rechecking
    this.rechecking = undefined
    if (touched === 'all') this.recent = new Set()
    else if (this.recent !== 'all')
      for (const path of touched) if (!rechecked?.has(path)) this.recent.add(path)
    if (this.recent !== 'all' && this.recent.size > MAX_TOUCHED) this.recent = 'all'
    try {
      await this.options.memory.applyExternal(touched === 'all' ? undefined : touched)
    } catch (error) {
      if (this.closed) return
      this.report(problemOf(error))
    }
  }

  /** The memory folder itself was deleted: the engine makes it again, empty, so the app works on. */
  private async rootGone(): Promise<void> {
    if (this.closed) return
    const { memory } = this.options
    if (memory.recreateRoot)
      try {
        await memory.recreateRoot()
        this.report({
          kind: 'root-recreated',
          message: 'The memory folder was deleted outside the app; it was created again, empty.'
        })
      } catch (error) {
        this.report(problemOf(error))
      }
    this.touched = 'all'
    this.schedule()
  }

  private report(problem: WatcherProblem): void {
    this.options.logger?.warn('memory watcher', { kind: problem.kind, message: problem.message })
    if (!this.closed) void this.options.memory.reportExternalProblem?.(problem.message)
    this.problems.emit(problem)
  }
}

/** The paths, plus each one's folder as `folder/` (the engine looks one level into those). */
function withFolders(paths: ReadonlySet<string>): Set<string> {
  const out = new Set(paths)
  for (const path of paths) out.add(folderOf(path))
  return out
}

/** The folder holding `path`, as `folder/` (the root: `/`): looked at one level deep. */
function folderOf(path: string): string {
  const at = path.lastIndexOf('/')
  return at < 0 ? '/' : `${path.slice(0, at)}/`
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
