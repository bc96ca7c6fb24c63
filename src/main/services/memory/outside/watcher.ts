import type { Stats } from 'node:fs'
import { basename, isAbsolute, relative, resolve, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import type { MemoryChange } from '@shared/memory/memory'
import type { Logger } from '../../log/logger'
import { Emitter } from '../../events/emitter'
import { TEMP_NAME } from '../jail/paths'
import type { StatIdentity } from '../ledger/stat-trust'

// Watches the memory folder for other programs' edits and hands them to the engine in batches.
// The engine re-reads the paths the events named (not the whole folder) and diffs them against its
// index, so whatever the event pattern (an editor's temp-and-rename save, delete then recreate, a
// renamed folder, a thousand files at once) the outcome is the disk as it is now; once events stop,
// their paths and folders are looked at once more, for events chokidar missed. Cairn's own writes
// are already in the index, so they never come back as external. Batches are at least
// `minIntervalMs` apart: ≤ 10 events a second.
//
// The watcher's own start is also how the engine catches up with what happened while Cairn was
// closed: chokidar's initial scan lstats every file anyway, so what it found (path → inode, size,
// mtime) goes to the engine at once when the scan is done (`applyStartScan`), which takes in
// what differs from its index. A warm open need not walk the folder a second time.

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
  /**
   * The files the watcher's initial scan found, with their stat (relative to the root with `/`):
   * what differs from the index (new, gone, moved or not trusted) is taken in (optional for test
   * doubles).
   */
  applyStartScan?(seen: ReadonlyMap<string, StatIdentity>): Promise<MemoryChange | undefined>
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
  /** Files the initial scan found, until it is done; then handed to the engine once. */
  private scanning: Map<string, StatIdentity> | undefined = new Map()
  private startScan: ReadonlyMap<string, StatIdentity> | undefined
  /** Resolves once the initial scan is done and taken in: changes from then on are seen. */
  readonly ready: Promise<void>
  private readyDone: (() => void) | undefined
  private lastRun = 0
  private closed = false
  private readonly root: string
  /** The root with a trailing separator: what every path chokidar names starts with. */
  private readonly rootPrefix: string
  private readonly settleMs: number
  private readonly minIntervalMs: number
  private readonly recheckMs: number

  private constructor(private readonly options: MemoryWatcherOptions) {
    this.root = resolve(options.root)
    this.rootPrefix = this.root.endsWith(sep) ? this.root : this.root + sep
    this.settleMs = options.settleMs ?? 20
    this.minIntervalMs = options.minIntervalMs ?? 100
    this.recheckMs = options.recheckMs ?? 300
    this.ready = this.open()
  }

  /** Starts watching; resolves once the initial scan is done and taken in (see `ready`). */
  static async start(options: MemoryWatcherOptions): Promise<MemoryWatcher> {
    const watcher = MemoryWatcher.begin(options)
    await watcher.ready
    return watcher
  }

  /**
   * Starts watching and returns at once: the initial scan goes on (`ready`), and what it found
   * reaches the engine when it is done. A space is usable before then (open-space.ts).
   */
  static begin(options: MemoryWatcherOptions): MemoryWatcher {
    return new MemoryWatcher(options)
  }

  private open(): Promise<void> {
    const watcher = watch(this.root, {
      followSymlinks: false,
      // The initial scan's files (with their lstat) are what the engine catches up from.
      ignoreInitial: false,
      // The engine diffs against the disk, so pairing unlink+add into one change is not needed.
      atomic: false,
      ignored: (path) => TEMP_NAME.test(basename(path))
    })
    this.watcher = watcher
    watcher.on('all', (event, path, stats) => {
      if (this.scanning && (event === 'add' || event === 'addDir')) {
        if (event === 'add' && stats?.isFile()) this.noteScanned(path, stats)
        return
      }
      if (event === 'unlinkDir' && resolve(path) === this.root) void this.rootGone()
      // A file new or gone: its folder is looked at too (one level), so the other half of a
      // rename there is in the same batch whichever event comes first, and is paired (issue 36).
      this.touch(path, event === 'add' || event === 'unlink')
      this.schedule()
    })
    watcher.on('error', (error) => this.report(problemOf(error)))
    return new Promise((done) => {
      // Closed during the scan: nothing waits on a scan that will never finish.
      this.readyDone = done
      watcher.once('ready', () => {
        this.startScan = this.scanning
        this.scanning = undefined
        this.schedule() // the batch that takes the scan in resolves `ready`
      })
    })
  }

  /** A file the initial scan found (or one added while it ran: the engine reads either). */
  private noteScanned(path: string, stats: Stats): void {
    const rel = this.relOf(path)
    if (rel === undefined) return
    this.scanning?.set(rel, {
      size: Number(stats.size),
      mtimeMs: Number(stats.mtimeMs),
      ino: Number(stats.ino)
    })
  }

  /** Notes a path an event named; the root itself (or anything unexpected) means all of it. */
  private touch(path: string, withFolder = false): void {
    if (this.touched === 'all') return
    const key = this.relOf(path)
    if (key === undefined || this.touched.size >= MAX_TOUCHED) {
      this.touched = 'all'
      return
    }
    this.touched.add(key)
    if (withFolder) this.touched.add(folderOf(key))
  }

  /**
   * `path` relative to the root with `/`; undefined for the root itself or a path outside it.
   * chokidar names paths by joining onto the root it was given, so a cut of that prefix does:
   * path.resolve and path.relative per file were a tenth of the start's main-thread time (and
   * garbage) over 100,000 files.
   */
  private relOf(path: string): string | undefined {
    const rel = path.startsWith(this.rootPrefix)
      ? path.slice(this.rootPrefix.length)
      : relative(this.root, resolve(this.root, path))
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) return undefined
    return sep === '/' ? rel : rel.split(sep).join('/')
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
    this.scanning = undefined
    this.startScan = undefined
    this.readyDone?.()
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
    const startScan = this.startScan
    this.startScan = undefined
    if (startScan) {
      try {
        await this.options.memory.applyStartScan?.(startScan)
      } catch (error) {
        if (!this.closed) this.report(problemOf(error))
      }
      this.readyDone?.()
    }
    const touched = this.touched
    this.touched = new Set()
    const rechecked = this.rechecking
    this.rechecking = undefined
    if (touched === 'all') this.recent = new Set()
    else if (this.recent !== 'all')
      for (const path of touched) if (!rechecked?.has(path)) this.recent.add(path)
    if (this.recent !== 'all' && this.recent.size > MAX_TOUCHED) this.recent = 'all'
    if (touched !== 'all' && touched.size === 0) return
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
