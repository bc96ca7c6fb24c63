import { realpath } from 'node:fs/promises'
import { isAbsolute, join, relative } from 'node:path'
import { CairnError } from '@shared/errors'
import { MemoryLimitsSchema, type ExpiryPolicy, type MemoryLimits } from '@shared/memory/memory'
import {
  ExpiryPolicySchema,
  SecretGuardSchema,
  type HistoryRetention,
  type SecretGuardSettings
} from '@shared/app/settings'
import { ensurePrivateDir } from '../fs/durable'
import type { Logger } from '../log/logger'
import { ActivityLog, DEFAULT_ACTIVITY_MAX_BYTES } from './ledger/activity-log'
import { History } from './history'
import { MemoryIndex } from './ledger/index-store'
import { removeStateTemps } from './ledger/state-temps'
import { takeCleanClose } from './ledger/clean-close'
import { startLineIndexes } from './outside/scan'
import { SafeFs } from './jail/safe-fs'
import { MemoryStore, type Timers } from './store'

// The memory engine: Claude's memory_20250818 commands and the inspector's calls against one folder.
// Its floors import only downward: core/ (pure helpers) ← jail/ (paths, link-proof fs) ← ledger/
// (index, activity log) ← kernel/ (Ctx, names, files) ← caps/, expiry/, secret-guard/, outside/ ←
// commands/ ← inspector/, history/ ← engine/ (the queue runner) ← store.ts (the facade); service.ts
// is what the rest of the app may rely on. docs/architecture.md draws them.

export { MemoryStore, type Timers } from './store'
export type {
  Approval,
  ApprovalQuestion,
  AskApproval,
  ExecuteOptions,
  MemoryReads,
  MemoryService,
  MemoryWrites,
  Preview
} from './service'
export type { MemoryChange } from '@shared/memory/memory'
export { guardCaughtSecret, redactPath, withoutSecrets } from './secret-guard'
export { pacer, type Pace } from './core/pace'
export { MemoryWatcher, type MemoryWatcherOptions, type WatcherProblem } from './outside/watcher'

export interface OpenMemoryStoreOptions {
  /** The real folder that `/memories` maps to (created 0700 if missing). */
  root: string
  /** App-private folder outside `root`: index, activity log, archive. */
  stateDir: string
  limits?: Partial<MemoryLimits>
  expiry?: Partial<ExpiryPolicy>
  clock?: () => Date
  timers?: Timers
  /** How often to sweep for expired files (default hourly). */
  sweepIntervalMs?: number
  /** Delay before changed index data is written (default 2 s; always written on dispose). */
  indexFlushMs?: number
  /** Size at which the activity log rotates (default 1 MiB). */
  activityMaxBytes?: number
  /** Version history retention, or false to keep no history (default on, default retention). */
  history?: Partial<HistoryRetention> | false
  /** The secret guard's settings (default: refuse Claude's writes, check the user's saves). */
  secretGuard?: Partial<SecretGuardSettings>
  logger?: Logger
  /**
   * Who catches up with what changed on disk while the folder was closed. 'open' (the default):
   * this open walks the folder. 'watcher': a MemoryWatcher starts on the folder next, and its
   * initial scan is handed to `applyStartScan`; an index the last session saved as it closed is
   * then trusted as it is, with no walk (a crash, or an index an older version wrote, still walks).
   */
  catchUp?: 'open' | 'watcher'
}

const HOUR = 60 * 60 * 1000
/** Line indexes started at the open for big files already known (the indexer keeps 4). */
const LINE_INDEXES_AT_OPEN = 2

const defaultTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout)
}

/**
 * Opens the memory folder: reconciles the index with the disk (rebuilding it if missing or
 * corrupt; with `catchUp: 'watcher'` a cleanly closed index is trusted and the watcher's first
 * scan reconciles it), removes temp files a crash left behind, expires what is due, and starts
 * the hourly sweep.
 */
export async function openMemoryStore(options: OpenMemoryStoreOptions): Promise<MemoryStore> {
  const { root, stateDir } = options
  if (!isAbsolute(root) || !isAbsolute(stateDir)) {
    throw new CairnError(
      'BAD_INPUT',
      'The memory folder and the state folder must be absolute paths.'
    )
  }
  const limits = parseOr(MemoryLimitsSchema, options.limits ?? {}, 'memory limits') as MemoryLimits
  const expiry = parseOr(ExpiryPolicySchema, options.expiry ?? {}, 'expiry policy') as ExpiryPolicy
  const fs = await SafeFs.open(root)
  await ensurePrivateDir(stateDir)
  const realState = await realpath(stateDir)
  if (overlaps(fs.realRoot, realState)) {
    throw new CairnError(
      'BAD_INPUT',
      'The memory state folder must be outside the memory folder (and not contain it).'
    )
  }
  await removeStateTemps(stateDir)
  const clock = options.clock ?? (() => new Date())
  // The mark goes before anything of this session can write (clean-close.ts).
  const [closedInOrder, loaded] = await Promise.all([
    takeCleanClose(stateDir),
    MemoryIndex.load(stateDir, undefined, limits.maxFileBytes)
  ])
  if (!loaded.ok) options.logger?.info('memory index missing or unreadable; rebuilding from disk')
  const log = await ActivityLog.open(
    stateDir,
    options.activityMaxBytes ?? DEFAULT_ACTIVITY_MAX_BYTES,
    clock
  )
  const history =
    options.history === false
      ? undefined
      : await History.open(stateDir, options.history ?? {}, log, options.logger)
  const store = new MemoryStore({
    fs,
    index: loaded.index,
    log,
    stateDir,
    archiveRoot: join(stateDir, 'archive'),
    limits,
    expiry,
    clock,
    timers: options.timers ?? defaultTimers,
    indexFlushMs: options.indexFlushMs ?? 2000,
    secrets: [...new Set([fs.realRoot, root, realState, stateDir])].sort(
      (a, b) => b.length - a.length
    ),
    secretGuard: SecretGuardSchema.parse(options.secretGuard ?? {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(history ? { history } : {})
  })
  try {
    // A warm index the watcher's first scan will check needs no walk (no lstat per file) here.
    const trusted = options.catchUp === 'watcher' && loaded.ok && closedInOrder
    if (!trusted) await store.reconcileNow(store.ctx({ kind: 'system' }, false), true, loaded.ok)
    await store.expire()
    // Big files the index already knew (a previous run): their line indexes start building too.
    await startLineIndexes(store.ctx({ kind: 'system' }, false), LINE_INDEXES_AT_OPEN)
  } catch (error) {
    await store.dispose()
    throw error
  }
  store.startSweeping(options.sweepIntervalMs ?? HOUR)
  return store
}

function overlaps(a: string, b: string): boolean {
  const ab = relative(a, b)
  const ba = relative(b, a)
  return ab === '' || !ab.startsWith('..') || !ba.startsWith('..')
}

function parseOr(
  schema: typeof MemoryLimitsSchema | typeof ExpiryPolicySchema,
  value: unknown,
  what: string
): unknown {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new CairnError('BAD_INPUT', `Invalid ${what}: ${result.error.issues[0]?.message ?? ''}`)
  return result.data
}
