import { CairnError } from '@shared/errors'
import type {
  ActivityActor,
  ExpiryPolicy,
  MemoryChange,
  MemoryLimits,
  MemoryUsage,
  UserSecretsChoice
} from '@shared/memory/memory'
import { SecretGuardSchema, type SecretGuardSettings } from '@shared/app/settings'
import type { SecretScanResult } from '@shared/memory/secret-scan'
import type { Logger } from '../../log/logger'
import { Emitter } from '../../events/emitter'
import type { ActivityLog } from '../ledger/activity-log'
import type { History } from '../history'
import { usageOf } from '../caps/caps'
import type { Ctx } from '../kernel/context'
import type { MemoryIndex } from '../ledger/index-store'
import { parseMemoryPath, type MemoryPath } from '../jail/paths'
import { LineIndexer } from '../jail/line-index'
import { ListCache } from '../inspector/list-cache'
import { SerialQueue } from '../core/queue'
import { TextCache } from '../inspector/search'
import type { SafeFs } from '../jail/safe-fs'
import type { WriteGuard } from '../secret-guard'
import { ToolError } from '../jail/io-failure'

// The engine's shared state: the parts the store was opened with, the one serial queue, the
// policies in force and the listeners. The modules beside this one (run-tool, user-calls,
// outside, upkeep, undo, policy) are the store's methods, each given this object.

/** Timer functions, injectable so tests drive the hourly sweep and the index flush. */
export interface Timers {
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface StoreParts {
  fs: SafeFs
  index: MemoryIndex
  log: ActivityLog
  stateDir: string
  archiveRoot: string
  limits: MemoryLimits
  expiry: ExpiryPolicy
  clock: () => Date
  timers: Timers
  indexFlushMs: number
  logger?: Logger
  /** Version history (absent: off, e.g. to measure what it costs). */
  history?: History
  /** Host paths that must never appear in a result. */
  secrets: string[]
  /** The secret guard's settings (default: refuse Claude's writes, check the user's saves). */
  secretGuard?: SecretGuardSettings
}

export const USER: ActivityActor = { kind: 'user' }
export const SYSTEM: ActivityActor = { kind: 'system' }
export const EXTERNAL: ActivityActor = { kind: 'external' }

export class Engine {
  readonly queue = new SerialQueue()
  readonly lines = new LineIndexer()
  readonly listeners = new Emitter<MemoryChange>((error) =>
    this.warn('memory change listener failed', error)
  )
  readonly pinListeners = new Emitter<string[]>((error) =>
    this.warn('pinned patterns listener failed', error)
  )
  /** External activity entries logged lately (key → time), to coalesce repeats per file. */
  readonly recentExternal = new Map<string, number>()
  /** Files kept out of memory for a credential in a name, already logged this session. */
  readonly secretNamesNoted = new Set<string>()
  /** The order memory:list pages through, kept up to date by every change (see list-cache.ts). */
  readonly listing = new ListCache()
  /** Texts searched before, by hash (search.ts). */
  readonly texts = new TextCache()
  limits: MemoryLimits
  expiry: ExpiryPolicy
  secretGuard: SecretGuardSettings
  /** The folder scan running now, if any: a second request shares it. */
  scanning: Promise<SecretScanResult> | undefined
  closed = false
  /** What the last walk skipped, as reported (see noteSkipped). */
  lastSkipped: string | undefined
  sweepTimer: unknown
  flushTimer: unknown

  constructor(readonly parts: StoreParts) {
    this.limits = parts.limits
    this.expiry = parts.expiry
    this.secretGuard = SecretGuardSchema.parse(parts.secretGuard ?? {})
  }

  ctx(actor: ActivityActor, enforceCaps: boolean): Ctx {
    return {
      fs: this.parts.fs,
      index: this.parts.index,
      lines: this.lines,
      limits: this.limits,
      expiry: this.expiry,
      actor,
      enforceCaps,
      now: () => this.parts.clock().getTime()
    }
  }

  claudeCtx(actor: ActivityActor): Ctx {
    // The memory tool is Claude's: its writes meet the guard as the settings say.
    return { ...this.ctx(actor, true), guard: { mode: this.secretGuard.mode, audience: 'claude' } }
  }

  /** The guard for a user's save: off when the settings say so, else as the user answered. */
  userGuarded(ctx: Ctx, choice: UserSecretsChoice | undefined): Ctx {
    const mode: WriteGuard['mode'] =
      !this.secretGuard.checkUserEdits || choice === 'allow'
        ? 'allow'
        : choice === 'redact'
          ? 'redact'
          : 'refuse'
    return { ...ctx, guard: { mode, audience: 'user' } }
  }

  path(raw: string): MemoryPath {
    const parsed = parseMemoryPath(raw)
    if (!parsed.ok) throw new ToolError('refused', parsed.message)
    return parsed.path
  }

  usage(): MemoryUsage {
    return usageOf({ index: this.parts.index, limits: this.limits })
  }

  warn(message: string, error: unknown): void {
    this.parts.logger?.warn(message, { error })
  }

  emit(paths: string[], actor: ActivityActor): void {
    this.send(this.changeOf(paths, actor))
  }

  changeOf(paths: string[], actor: ActivityActor): MemoryChange {
    return { paths, actor, usage: this.usage(), activitySeq: this.parts.log.lastSeq }
  }

  send(change: MemoryChange): void {
    this.listing.touch(change.paths)
    this.listeners.emit(change)
  }

  scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.closed) return
    this.flushTimer = this.parts.timers.setTimeout(() => {
      this.flushTimer = undefined
      if (this.closed) return
      void this.queue
        .run(() => this.saveIndex())
        .catch((error: unknown) => this.warn('memory index save failed', error))
    }, this.parts.indexFlushMs)
  }

  async saveIndex(): Promise<void> {
    if (!this.parts.index.isDirty) return
    try {
      await this.parts.index.save(this.parts.stateDir)
    } catch (error) {
      this.parts.index.markDirty()
      throw error
    }
  }

  /** Host paths out of a message (Claude and the user see `/memories` only). */
  scrub(text: string): string {
    let out = text
    for (const secret of this.parts.secrets)
      if (secret.length > 1) out = out.split(secret).join('/memories')
    return out
  }

  closedError(): CairnError {
    return new CairnError('MEMORY_CLOSED', 'The memory store is closed.')
  }
}
