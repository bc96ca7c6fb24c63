import { CairnError } from '@shared/errors'
import type {
  ActivityActor,
  ExpiryPolicy,
  MemoryChange,
  MemoryLimits,
  MemoryUsage,
  UserSecretsChoice
} from '@shared/memory/memory'
import type { SecretGuardSettings } from '@shared/app/settings'
import type { SecretScanResult } from '@shared/memory/secret-scan'
import type { Logger } from '../../log/logger'
import { Emitter } from '../../events/emitter'
import type { ActivityLog } from '../ledger/activity-log'
import type { History } from '../history'
import { usageOf } from '../caps/caps'
import type { Ctx } from '../kernel/context'
import { FreshReads } from '../kernel/fresh-reads'
import type { MemoryIndex } from '../ledger/index-store'
import { IndexSaves } from '../ledger/index-saves'
import { parseMemoryPath, type MemoryPath } from '../jail/paths'
import { LineIndexer } from '../jail/line-index'
import { ListCache } from '../inspector/list-cache'
import { SerialQueue } from '../core/queue'
import { TextCache } from '../inspector/search'
import type { SafeFs } from '../jail/safe-fs'
import type { WriteGuard } from '../secret-guard'
import { ToolError } from '../core/tool-error'
import { OutsideNotes } from './state/outside-notes'
import { Policy } from './state/policy'
import { Scheduler, type Timers } from './state/scheduler'
import { SharedRun } from './state/shared-run'

// The engine's shared state: the parts the store was opened with, the one serial queue, and the
// owners of what changes (state/: the policies, the timers and the close, what the outside was
// told). Every field is readonly: a piece of state changes only through its owner's named
// operations. The modules beside this one (run-tool, user-calls, outside, upkeep, undo, rename)
// are the store's methods, each given this object.

export type { Timers } from './state/scheduler'

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
  readonly parts: Readonly<StoreParts>
  readonly queue = new SerialQueue()
  readonly lines = new LineIndexer()
  readonly listeners = new Emitter<MemoryChange>((error) =>
    this.warn('memory change listener failed', error)
  )
  /** The order memory:list pages through, kept up to date by every change (see list-cache.ts). */
  readonly listing = new ListCache()
  /** Texts searched before, by hash (search.ts). */
  readonly texts = new TextCache()
  /** Caps, expiry and the secret guard in force; settings change them through it. */
  readonly policy: Policy
  /** The sweep and flush timers, and the close. */
  readonly scheduler: Scheduler
  /** What the outside's reports already told this session (engine/outside-calls.ts). */
  readonly outsideNotes = new OutsideNotes()
  /** Files the running command's catch-up just read and hashed, for its own read of them. */
  readonly fresh = new FreshReads()
  /** The folder scan running now, if any: a second request shares it. */
  readonly scanning = new SharedRun<SecretScanResult>()
  /** The index's saves: the picture in the queue, the write behind it. */
  private readonly indexSaves: IndexSaves

  constructor(parts: StoreParts) {
    this.parts = parts
    this.policy = new Policy(parts.limits, parts.expiry, parts.secretGuard, (message, error) =>
      this.warn(message, error)
    )
    this.scheduler = new Scheduler(parts.timers, parts.indexFlushMs)
    this.indexSaves = new IndexSaves(parts.index, parts.stateDir)
  }

  get closed(): boolean {
    return this.scheduler.closed
  }

  ctx(actor: ActivityActor, enforceCaps: boolean): Ctx {
    return {
      fs: this.parts.fs,
      index: this.parts.index,
      lines: this.lines,
      limits: this.policy.limits,
      expiry: this.policy.expiry,
      actor,
      enforceCaps,
      now: () => this.parts.clock().getTime()
    }
  }

  claudeCtx(actor: ActivityActor): Ctx {
    // The memory tool is Claude's: its writes meet the guard as the settings say.
    return {
      ...this.ctx(actor, true),
      guard: { mode: this.policy.secretGuard.mode, audience: 'claude' }
    }
  }

  /** The guard for a user's save: off when the settings say so, else as the user answered. */
  userGuarded(ctx: Ctx, choice: UserSecretsChoice | undefined): Ctx {
    const mode: WriteGuard['mode'] =
      !this.policy.secretGuard.checkUserEdits || choice === 'allow'
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
    return usageOf({ index: this.parts.index, limits: this.policy.limits })
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

  /**
   * Saves the index shortly (changes since are saved with it): its picture in the queue, the
   * write behind it, so what comes next in the queue does not wait for the disk.
   */
  scheduleFlush(): void {
    this.scheduler.flushSoon(() => {
      void this.queue
        .run(async () => {
          if (!this.parts.index.isDirty) return
          const { written } = await this.indexSaves.start()
          written.catch((error: unknown) => this.warn('memory index save failed', error))
        })
        .catch((error: unknown) => this.warn('memory index save failed', error))
    })
  }

  /** Saves the index now: resolves once it (and every save before it) is on disk. */
  async saveIndex(): Promise<void> {
    // An earlier write that failed marked the index dirty again: this save covers it.
    await this.indexSaves.settled()
    if (!this.parts.index.isDirty) return
    const { written } = await this.indexSaves.start()
    await written
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
