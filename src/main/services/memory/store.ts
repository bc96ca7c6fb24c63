import { ZodError } from 'zod'
import { CairnError, type ErrorCode } from '@shared/errors'
import {
  ExpiryPolicyPatchSchema,
  MemoryActorSchema,
  MemoryCreateInputSchema,
  MemoryLimitsPatchSchema,
  MemoryLimitsSchema,
  MemoryListInputSchema,
  MEMORY_LIST_DEFAULT,
  MemoryRenameInputSchema,
  MemoryWriteInputSchema,
  RestoreInputSchema,
  type ActivityActor,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
  type ArchivedItem,
  type ExpiryPolicy,
  type ExpiryPolicyPatch,
  type ExpiryPreviewItem,
  type FindInHistoryResult,
  type ForgetInput,
  type ForgetResult,
  type ForgetSecretsResult,
  type HistoryVersion,
  type MemoryActor,
  type MemoryChange,
  type MemoryCreateInput,
  type MemoryListInput,
  type MemoryListPage,
  type MemoryFile,
  type MemoryLimits,
  type MemoryLimitsPatch,
  type MemoryMutation,
  type MemoryOpRef,
  type MemoryRenameInput,
  type MemorySearchResult,
  type MemoryUsage,
  type MemoryWriteInput,
  type RestoreInput,
  type RevertResult,
  type SweepResult,
  type ToolResult,
  type UserSecretsChoice,
  type VersionRef
} from '@shared/memory'
import {
  ExpiryPolicySchema,
  SecretGuardSchema,
  type HistoryRetention,
  type SecretGuardSettings
} from '@shared/settings'
import type { SecretScanResult } from '@shared/secret-scan'
import type { Logger } from '../log/logger'
import type { ActivityLog, NewActivity } from './activity-log'
import type { History, TrackHow } from './history'
import {
  ArchiveInputSchema,
  type ArchiveInput,
  type CapImpact,
  type CapImpactInput
} from '@shared/caps'
import { archiveFiles, archiveMessage } from './archive-ops'
import { capImpact } from './cap-impact'
import { capFlags, usageOf } from './caps'
import { create } from './commands/create'
import { remove } from './commands/delete'
import { MUTATING, parseCommand, pathsOf, verbOf, type Command } from './commands/input'
import { insert } from './commands/insert'
import { rename } from './commands/rename'
import { strReplace } from './commands/str-replace'
import { view } from './commands/view'
import type { Ctx, Done } from './context'
import { expireDue, expiryMessage, listArchived, preview } from './expiry'
import { snapshot } from './history/versions'
import type { MemoryIndex } from './index-store'
import { displayOf, isWithin, parseMemoryPath, type MemoryPath } from './paths'
import { probe } from './files'
import { pinsAfterMove } from './pins'
import { LineIndexer } from './line-index'
import { ListCache } from './list-cache'
import { pacer } from './pace'
import { SerialQueue } from './queue'
import { searchFolder, TextCache } from './search'
import { externalActivity, reconcile, reconcilePaths, skippedMessage } from './scan'
import type { SafeFs, WalkSkip } from './safe-fs'
import type { AskApproval, ExecuteOptions, MemoryService, Preview } from './service'
import {
  findSecrets,
  guardOutsideName,
  redact,
  redactPath,
  secretNameActivity,
  scanFolder,
  withoutSecrets,
  type WriteGuard
} from './secret-guard'
import { ioFailure, ToolError, type ToolErrorKind } from './tool-error'
import {
  createForUser,
  listEntries,
  readForUser,
  restoreForUser,
  writeForUser,
  type UserDone
} from './user-ops'

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

const KIND_CODES: Record<ToolErrorKind, ErrorCode> = {
  invalid: 'BAD_INPUT',
  'not-found': 'MEMORY_NOT_FOUND',
  exists: 'MEMORY_EXISTS',
  refused: 'MEMORY_REFUSED',
  cap: 'MEMORY_CAP',
  conflict: 'MEMORY_CONFLICT',
  io: 'MEMORY_IO',
  secret: 'MEMORY_SECRET'
}

const USER: ActivityActor = { kind: 'user' }
const SYSTEM: ActivityActor = { kind: 'system' }
const EXTERNAL: ActivityActor = { kind: 'external' }
/** Repeated outside changes to one file within this window make one activity entry. */
export const EXTERNAL_COALESCE_MS = 2000

export class MemoryStore implements MemoryService {
  readonly enabled = true
  readonly offReason = null
  private readonly queue = new SerialQueue()
  private readonly lines = new LineIndexer()
  private readonly listeners = new Set<(change: MemoryChange) => void>()
  private readonly pinListeners = new Set<(pinned: string[]) => void>()
  /** External activity entries logged lately (key → time), to coalesce repeats per file. */
  private readonly recentExternal = new Map<string, number>()
  /** Files kept out of memory for a credential in a name, already logged this session. */
  private readonly secretNamesNoted = new Set<string>()
  /** The order memory:list pages through, kept up to date by every change (see list-cache.ts). */
  private readonly listing = new ListCache()
  private limits: MemoryLimits
  private expiry: ExpiryPolicy
  private secretGuard: SecretGuardSettings
  /** The folder scan running now, if any: a second request shares it. */
  private scanning: Promise<SecretScanResult> | undefined
  /** Texts searched before, by hash (search.ts). */
  private readonly texts = new TextCache()
  private closed = false
  /** What the last walk skipped, as reported (see noteSkipped). */
  private lastSkipped: string | undefined
  private sweepTimer: unknown
  private flushTimer: unknown

  constructor(private readonly parts: StoreParts) {
    this.limits = parts.limits
    this.expiry = parts.expiry
    this.secretGuard = SecretGuardSchema.parse(parts.secretGuard ?? {})
  }

  /** Starts the periodic sweep (the first sweep runs in `openMemoryStore`). */
  startSweeping(intervalMs: number): void {
    this.sweepTimer = this.parts.timers.setInterval(() => {
      void this.sweep().catch((error: unknown) =>
        this.parts.logger?.warn('memory sweep failed', { error })
      )
    }, intervalMs)
  }

  // ---- the memory tool ------------------------------------------------------------------------

  /**
   * Runs one memory-tool command as Claude sent it. Never throws, never rejects. `expect`: the
   * sha256 a plan was made from (see `preview`); `ask`: plan first, ask, then run that plan.
   */
  async execute(
    input: unknown,
    actor: MemoryActor,
    options: ExecuteOptions = {}
  ): Promise<ToolResult> {
    try {
      const who = MemoryActorSchema.safeParse(actor)
      if (!who.success)
        return {
          content: 'Error: The memory tool was called without a valid actor.',
          isError: true
        }
      if (this.closed) return closedResult()
      if (options.ask) return await this.askThenRun(input, who.data, options.ask)
      return (await this.queue.run(() => this.run(input, who.data, options.expect))).result
    } catch (error) {
      this.listing.invalidate()
      this.parts.logger?.error('memory tool failed unexpectedly', { error })
      return { content: 'Error: The memory tool failed unexpectedly. Try again.', isError: true }
    }
  }

  /**
   * The engine's dry run of one of Claude's commands: the same reading, decoding, matching, guard
   * and caps as `execute`, stopped before the write. The plan names the sha256 it was made from;
   * a command that cannot apply answers the error `execute` would give. Writes nothing.
   */
  preview(input: unknown, actor: MemoryActor): Promise<Preview> {
    if (this.closed) return Promise.resolve({ ok: false, result: closedResult() })
    return this.queue.run(() => this.plan(input, actor, false))
  }

  /**
   * Plan, ask, run the plan under its precondition. A change that cannot be planned is never run
   * (fail closed); a plan overtaken by another change before it ran is planned and asked again.
   */
  private async askThenRun(
    input: unknown,
    actor: MemoryActor,
    ask: AskApproval
  ): Promise<ToolResult> {
    for (let changed = false; ; changed = true) {
      const planned = await this.queue.run(() => this.plan(input, actor, true))
      if (!planned.ok) return planned.result
      const answer = await ask(planned.plan, changed)
      if (!answer.go) return answer.result
      const ran = await this.queue.run(() => this.run(input, actor, planned.plan.sha256))
      if (!ran.conflict || this.closed) return ran.result
    }
  }

  /** One dry run in the queue; `record`: a command that cannot apply is logged as Claude's error. */
  private async plan(input: unknown, actor: MemoryActor, record: boolean): Promise<Preview> {
    const parsed = parseCommand(input)
    if (!parsed.ok) return { ok: false, result: { content: parsed.message, isError: true } }
    const command = parsed.command
    if (command.command === 'view')
      return {
        ok: false,
        result: { content: 'Error: view changes nothing; there is no plan.', isError: true }
      }
    try {
      await this.guardOutside(this.claudeCtx(actor), command)
      await this.catchUp(pathsOf(command))
      const done = await this.mutate(
        { ...this.claudeCtx(actor), intent: { dryRun: true } },
        command
      )
      if (done.plan) return { ok: true, plan: done.plan }
      throw new Error('a dry run wrote instead of planning')
    } catch (error) {
      const result = await this.failed(command, error)
      if (record) await this.record(actor, command.command, undefined, result, pathsOf(command))
      return { ok: false, result }
    }
  }

  private claudeCtx(actor: MemoryActor): Ctx {
    // The memory tool is Claude's: its writes meet the guard as the settings say.
    return { ...this.ctx(actor, true), guard: { mode: this.secretGuard.mode, audience: 'claude' } }
  }

  private async run(
    input: unknown,
    actor: MemoryActor,
    expect?: string | null
  ): Promise<{ result: ToolResult; conflict: boolean }> {
    const parsed = parseCommand(input)
    if (!parsed.ok) return { result: { content: parsed.message, isError: true }, conflict: false }
    const command = parsed.command
    const ctx: Ctx = {
      ...this.claudeCtx(actor),
      ...(expect !== undefined ? { intent: { expect } } : {})
    }
    let result: ToolResult
    let done: Done | undefined
    let versions: VersionRef[] | undefined
    let conflict = false
    try {
      await this.guardOutside(ctx, command)
      if (command.command === 'view') {
        await this.catchUp(pathsOf(command), true)
        result = { content: await view(ctx, this.path(command.path), command), isError: false }
        this.scheduleFlush() // access times
      } else {
        await this.catchUp(pathsOf(command))
        ;[done, versions] = await this.tracked(
          ctx,
          pathsOf(command),
          historyHow(command.command),
          (c) => this.mutate(c, command)
        )
        result = { content: done.content, isError: false }
      }
    } catch (error) {
      conflict = error instanceof ToolError && error.kind === 'conflict'
      result = await this.failed(command, error)
    }
    if (MUTATING.has(command.command)) {
      const entry = await this.record(
        actor,
        command.command as NewActivity['command'],
        done,
        result,
        pathsOf(command),
        versions
      )
      // The chip of this tool call shows the change and can undo it by this entry.
      if (entry && !result.isError) result = { ...result, activity: entryRef(entry) }
    }
    return { result, conflict }
  }

  /** Refuses a command on a path another program named after a key (out of memory: scan.ts). */
  private async guardOutside(ctx: Ctx, command: Command): Promise<void> {
    if (command.command === 'create') return // a new name: the command's own guard checks it
    const parsed = parseMemoryPath(command.command === 'rename' ? command.old_path : command.path)
    if (parsed.ok) await guardOutsideName(ctx, parsed.path)
  }

  /** The tool result for a command that failed: its own message, or an I/O failure in words. */
  private async failed(command: Command, error: unknown): Promise<ToolResult> {
    const failure =
      error instanceof ToolError ? error : ioFailure(verbOf(command), displayFor(command), error)
    if (!(error instanceof ToolError)) this.parts.logger?.warn('memory command failed', { error })
    // An error may quote Claude's input (old_str): no secret in it reaches the activity log.
    return {
      content: await withoutSecrets(this.scrub(failure.message)),
      isError: true,
      ...(failure.refusal ? { cap: failure.refusal } : {})
    }
  }

  private async mutate(ctx: Ctx, command: Exclude<Command, { command: 'view' }>): Promise<Done> {
    switch (command.command) {
      case 'create':
        return create(ctx, this.path(command.path), command.file_text)
      case 'str_replace':
        return strReplace(ctx, this.path(command.path), command)
      case 'insert':
        return insert(ctx, this.path(command.path), command)
      case 'delete':
        return remove(ctx, this.path(command.path))
      case 'rename':
        return this.renameKeepingPins(ctx, this.path(command.old_path), this.path(command.new_path))
    }
  }

  // ---- the inspector ----------------------------------------------------------------------------

  /**
   * One page of the files and folders under `path` (default the root), hidden ones included,
   * depth-first with names sorted; pass `nextCursor` back as `cursor` for the next page.
   */
  list(input: MemoryListInput = {}): Promise<MemoryListPage> {
    return this.inspect(() => {
      const { path, cursor, limit } = MemoryListInputSchema.parse(input)
      return listEntries(
        this.ctx(USER, false),
        this.path(path ?? '/memories'),
        cursor,
        limit ?? MEMORY_LIST_DEFAULT,
        this.listing
      )
    })
  }

  /** Reads a file for the user (counts as an access). */
  read(path: string): Promise<MemoryFile> {
    return this.inspect(async () => {
      await guardOutsideName(this.ctx(USER, false), this.path(path))
      await this.catchUp([this.path(path).display], true)
      const file = await readForUser(this.ctx(USER, false), this.path(path))
      this.scheduleFlush()
      return file
    })
  }

  /**
   * Creates or replaces a file with the user's text. With `expectedHash` (from `read`), a file
   * changed since (by Claude or another program) is not overwritten: the call fails with
   * MEMORY_CONFLICT. The memory caps apply to the user's edits too (MEMORY_CAP names the setting).
   */
  write(input: MemoryWriteInput): Promise<MemoryMutation> {
    return this.inspectMutation('write', input, (ctx) => {
      const { path, content, expectedHash, secrets } = MemoryWriteInputSchema.parse(input)
      return writeForUser(this.userGuarded(ctx, secrets), this.path(path), content, expectedHash)
    })
  }

  /** Creates a new file (capped like a write) or folder; fails if anything is there. */
  create(input: MemoryCreateInput): Promise<MemoryMutation> {
    const isDir = (input as { kind?: unknown } | null)?.kind === 'dir'
    return this.inspectMutation(isDir ? 'mkdir' : 'create', input, (ctx) => {
      const { path, content, kind, secrets } = MemoryCreateInputSchema.parse(input)
      return createForUser(this.userGuarded(ctx, secrets), this.path(path), content, kind)
    })
  }

  /**
   * "Scan memory for secrets": findings (file, line, kind; never the secret) across the folder.
   * Runs beside the queue, not in it: it only reads, in slices, so Claude's and the user's
   * writes are not held up by a long scan. A second request while one runs shares it.
   */
  scanSecrets(): Promise<SecretScanResult> {
    if (this.closed)
      return Promise.reject(new CairnError('MEMORY_CLOSED', 'The memory store is closed.'))
    this.scanning ??= scanFolder(this.ctx(SYSTEM, false))
      .catch((error: unknown) => {
        throw this.toCairn(error)
      })
      .finally(() => {
        this.scanning = undefined
      })
    return this.scanning
  }

  /**
   * Memory → search: names and contents, any case. Beside the queue like the scan (it only
   * reads); texts are cached by hash, so a search after the first reads only what changed.
   */
  async search(query: string): Promise<MemorySearchResult> {
    if (this.closed) throw new CairnError('MEMORY_CLOSED', 'The memory store is closed.')
    return searchFolder(this.ctx(SYSTEM, false), query, this.texts, pacer()).catch(
      (error: unknown) => {
        throw this.toCairn(error)
      }
    )
  }

  updateSecretGuard(patch: Partial<SecretGuardSettings>): SecretGuardSettings {
    const merged = SecretGuardSchema.safeParse({ ...this.secretGuard, ...defined(patch) })
    if (!merged.success)
      throw new CairnError(
        'BAD_INPUT',
        merged.error.issues[0]?.message ?? 'Invalid secret guard settings.'
      )
    this.secretGuard = merged.data
    return { ...this.secretGuard }
  }

  /** The guard for a user's save: off when the settings say so, else as the user answered. */
  private userGuarded(ctx: Ctx, choice: UserSecretsChoice | undefined): Ctx {
    const mode: WriteGuard['mode'] =
      !this.secretGuard.checkUserEdits || choice === 'allow'
        ? 'allow'
        : choice === 'redact'
          ? 'redact'
          : 'refuse'
    return { ...ctx, guard: { mode, audience: 'user' } }
  }

  rename(input: MemoryRenameInput): Promise<MemoryMutation> {
    return this.inspectMutation('rename', input, async (ctx) => {
      const { from, to } = MemoryRenameInputSchema.parse(input)
      // The user's new name meets the guard as the user's saves do.
      return this.renameKeepingPins(
        this.userGuarded(ctx, undefined),
        this.path(from),
        this.path(to)
      )
    })
  }

  delete(path: string): Promise<MemoryMutation> {
    return this.inspectMutation('delete', { path }, (ctx) => remove(ctx, this.path(path)))
  }

  usage(): Promise<MemoryUsage> {
    return this.inspect(async () => usageOf({ index: this.parts.index, limits: this.limits }))
  }

  activity(query: ActivityQuery = {}): Promise<ActivityPage> {
    return this.inspect(() => this.parts.log.query(query))
  }

  undone(seqs: readonly number[]): Promise<number[]> {
    return this.inspect(async () => {
      if (seqs.length === 0) return []
      const wanted = new Set(seqs)
      const after = await this.parts.log.entriesAfter(Math.min(...seqs))
      return [
        ...new Set(
          after.flatMap((e) =>
            e.revertOf !== undefined && e.outcome === 'ok' && wanted.has(e.revertOf)
              ? [e.revertOf]
              : []
          )
        )
      ]
    })
  }

  /**
   * Files that will expire within `days` (0 = due now), soonest first: under the saved policy, or
   * under `draft` changed from it (Settings asks before anything is saved).
   */
  expiryPreview(days: number, draft?: ExpiryPolicyPatch): Promise<ExpiryPreviewItem[]> {
    return this.inspect(async () => {
      if (!Number.isFinite(days) || days < 0)
        throw new ToolError('invalid', 'Error: days must be 0 or more.')
      const ctx = this.ctx(SYSTEM, false)
      return preview(ctx, days, draft ? { ...ctx.expiry, ...draft } : ctx.expiry)
    })
  }

  /**
   * Re-reads the folder into the index, then expires what is due; of `only` (the list the user
   * confirmed), when given, so nothing goes that the user was not shown.
   */
  sweep(only?: readonly string[]): Promise<SweepResult> {
    return this.inspect(async () => {
      await this.reconcileNow(this.ctx(SYSTEM, false), false, true)
      return this.expireNow(true, only ? new Set(only) : undefined)
    })
  }

  /** Expires what is due without re-reading the folder first (the open has just read it). */
  expire(): Promise<SweepResult> {
    return this.inspect(() => this.expireNow())
  }

  /** Expires what is due, with history of what went; `prune` also trims history (the sweep). */
  private async expireNow(prune = false, only?: ReadonlySet<string>): Promise<SweepResult> {
    const ctx = this.ctx(SYSTEM, false)
    const chosen = (item: { path: string }) => !only || only.has(item.path)
    // An outside edit not yet seen makes a file fresh again: take it in before judging what is due.
    await this.catchUp(
      preview(ctx, 0)
        .filter(chosen)
        .map((item) => item.path)
    )
    const due = preview(ctx, 0)
      .filter(chosen)
      .map((item) => item.path)
    const [expired, versions] = await this.tracked(ctx, due, 'read', (c) =>
      expireDue(c, this.parts.archiveRoot, only)
    )
    for (const item of expired) {
      const own = versions?.filter((ref) => ref.path === item.path)
      await this.append({
        actor: SYSTEM,
        command: 'expire',
        paths: [item.path],
        bytesBefore: item.size,
        bytesAfter: 0,
        outcome: 'ok',
        message: expiryMessage(item, this.expiry.days),
        ...(own?.length ? { versions: own } : {})
      })
    }
    if (prune)
      await this.parts.history
        ?.prune(ctx.index, ctx.now())
        .catch((error: unknown) =>
          this.parts.logger?.warn('memory history prune failed', { error })
        )
    if (expired.length)
      this.emit(
        expired.map((item) => item.path),
        SYSTEM
      )
    await this.saveIndex()
    return { expired }
  }

  /** Usage against these caps (or those in force), with the files that could make room. */
  capImpact(input?: CapImpactInput): Promise<CapImpact> {
    return this.inspect(async () => capImpact(this.ctx(USER, false), input))
  }

  /**
   * The user's "archive to make room": moves the chosen files into a new archive folder, one
   * activity entry each (with history, so each can be undone or restored from the archive).
   */
  archive(input: ArchiveInput): Promise<MemoryMutation> {
    return this.inspect(async () => {
      const { paths } = ArchiveInputSchema.parse(input)
      const targets = [
        ...new Map(paths.map((raw) => this.path(raw)).map((p) => [p.rel, p])).values()
      ]
      const ctx = this.ctx(USER, false)
      const [{ moved, failure }, versions] = await this.tracked(
        ctx,
        targets.map((target) => target.display),
        'read',
        (c) => archiveFiles(c, this.parts.archiveRoot, targets)
      )
      for (const item of moved) {
        const own = versions?.filter((ref) => ref.path === item.path)
        await this.append({
          actor: USER,
          command: 'archive',
          paths: [item.path],
          bytesBefore: item.size,
          bytesAfter: 0,
          outcome: 'ok',
          message: archiveMessage(item),
          ...(own?.length ? { versions: own } : {})
        })
      }
      if (moved.length) {
        this.listing.touch(moved.map((item) => item.path))
        this.emit(
          moved.map((item) => item.path),
          USER
        )
        this.scheduleFlush()
      }
      if (failure) {
        const done = moved.length
          ? `${moved.length} of ${targets.length} files were archived. `
          : ''
        throw new CairnError(
          'MEMORY_IO',
          `${done}${this.scrub(failure.message.replace(/^Error: /, ''))}`
        )
      }
      return {
        paths: moved.map((item) => item.path),
        usage: usageOf({ index: this.parts.index, limits: this.limits })
      }
    })
  }

  listArchived(): Promise<ArchivedItem[]> {
    return this.inspect(() => listArchived(this.parts.archiveRoot))
  }

  /**
   * Puts an archived file back where it was; it counts as new (fresh created/accessed times). Its
   * own `expires:` date is kept while still to come, or removed or extended as the input says.
   */
  restoreArchived(input: RestoreInput): Promise<MemoryMutation> {
    return this.inspectMutation('restore', input, (ctx) => {
      const { archiveId, path, expires, until } = RestoreInputSchema.parse(input)
      return restoreForUser(ctx, this.parts.archiveRoot, archiveId, this.path(path), {
        expires,
        until
      })
    })
  }

  // ---- history (memory/history/) ------------------------------------------------------------

  /** Versions of one path, newest first, including those from before a rename or a delete. */
  history(path: string): Promise<HistoryVersion[]> {
    return this.inspect(async () => this.historyOn().list(this.path(path).display))
  }

  /** The text of a version (UTF-8; other bytes are replaced). */
  versionText(hash: string): Promise<string> {
    return this.inspect(() => this.historyOn().text(hash))
  }

  /**
   * Undoes one activity entry, only if its paths still hold what it left; otherwise answers a
   * conflict (both texts) and changes nothing. The undo is an entry of its own (revertible too).
   */
  revert(seq: number, actor: ActivityActor = USER): Promise<RevertResult> {
    return this.inspect(async () => {
      const undo = this.historyOn().undoOf(seq)
      await this.catchUp(undo.paths)
      const [done, versions] = await this.tracked(
        // What comes back meets the guard as the user's own saves do.
        this.userGuarded(this.ctx(actor, false), undefined),
        undo.paths,
        undo.how,
        undo.run
      )
      if ('status' in done) return done
      await this.record(
        actor,
        'revert',
        { ...done, content: '' },
        { content: `reverted entry ${seq}`, isError: false },
        done.paths,
        versions,
        seq
      )
      return {
        status: 'reverted',
        seq,
        paths: done.paths,
        usage: usageOf({ index: this.parts.index, limits: this.limits })
      }
    })
  }

  /** Versions in history holding `text` (file, entry, masked line), for "Find and forget". */
  findInHistory(text: string): Promise<FindInHistoryResult> {
    return this.inspect(() => this.historyOn().find(text, this.currentHashes(), pacer()))
  }

  /**
   * Forgets versions from history for good (issue 23): the packs are rewritten without them and a
   * record says that something was forgotten, when and by whom. The files themselves are not
   * touched: `stillInFiles` names those whose current text was among the versions.
   */
  forget(input: ForgetInput, actor: ActivityActor = USER): Promise<ForgetResult> {
    return this.inspect(async () => {
      const history = this.historyOn()
      const current = this.currentHashes()
      const what = input.what === 'file' ? { ...input, path: this.path(input.path).display } : input
      const hashes = await history.versionsNamed(what, current, pacer())
      if (!hashes.size) return { forgotten: 0, stillInFiles: [] }
      const forgotten = await history.forget(hashes, actor)
      const stillInFiles: string[] = []
      for (const [rel, entry] of this.parts.index.entries())
        if (hashes.has(entry.hash)) stillInFiles.push(displayOf(rel))
      this.emit([], actor)
      return { forgotten, stillInFiles }
    })
  }

  /**
   * The secret scan's one-click fix: the file's secrets become `[redacted: kind]` (a user save,
   * so it is undoable like any other and refused if the file moved on), then every version in
   * history holding one of them is forgotten, that save's undo text included.
   */
  async forgetSecrets(path: string): Promise<ForgetSecretsResult> {
    const file = await this.read(path)
    if (file.truncated)
      throw new CairnError('MEMORY_REFUSED', `${file.path} is too large to fix here; edit it.`)
    const findings = await findSecrets(file.content)
    const secrets = new Set(findings.map((found) => file.content.slice(found.start, found.end)))
    if (!secrets.size) return { removed: 0, forgotten: 0, stillInFiles: [] }
    const content = redact(file.content, findings)
    await this.write({ path, content, expectedHash: file.hash, secrets: 'allow' })
    if (!this.parts.history) return { removed: findings.length, forgotten: 0, stillInFiles: [] }
    const forgotten = { forgotten: 0, stillInFiles: [] as string[] }
    for (const text of secrets) {
      const one = await this.forget({ what: 'text', text })
      forgotten.forgotten += one.forgotten
      forgotten.stillInFiles.push(
        ...one.stillInFiles.filter((p) => !forgotten.stillInFiles.includes(p))
      )
    }
    return { removed: findings.length, ...forgotten }
  }

  private currentHashes(): Set<string> {
    const hashes = new Set<string>()
    for (const [, entry] of this.parts.index.entries()) hashes.add(entry.hash)
    return hashes
  }

  updateHistory(patch: Partial<HistoryRetention>): HistoryRetention | undefined {
    return this.parts.history?.setRetention(patch)
  }

  private historyOn(): History {
    if (!this.parts.history) throw new CairnError('MEMORY_REFUSED', 'Version history is off.')
    return this.parts.history
  }

  /** Settings changes apply to the next operation. */
  updateLimits(patch: MemoryLimitsPatch): MemoryLimits {
    const checked = MemoryLimitsPatchSchema.safeParse(patch)
    const merged = checked.success
      ? MemoryLimitsSchema.safeParse({ ...this.limits, ...defined(checked.data) })
      : checked
    if (!merged.success)
      throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid memory limits.')
    this.limits = merged.data as MemoryLimits
    return { ...this.limits }
  }

  updateExpiry(patch: ExpiryPolicyPatch): ExpiryPolicy {
    const checked = ExpiryPolicyPatchSchema.safeParse(patch)
    const merged = checked.success
      ? ExpiryPolicySchema.safeParse({ ...this.expiry, ...defined(checked.data) })
      : checked
    if (!merged.success)
      throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid expiry policy.')
    this.expiry = merged.data as ExpiryPolicy
    return { ...this.expiry, pinned: [...this.expiry.pinned] }
  }

  /**
   * Brings the index in line with what other programs did to the folder. The watcher calls this
   * once per batch of events, naming the paths the events touched (relative to the root): only
   * those are looked at (files rehashed even if size and time look unchanged, folders walked).
   * Without `touched`, the whole folder is walked. Cairn's own writes are already in the index,
   * so they never come back as external. A file changed again within the coalescing window gets no second activity
   * entry. Emits one change (actor `external`) with the new usage when anything changed.
   */
  applyExternal(touched?: Iterable<string>): Promise<MemoryChange | undefined> {
    const paths = touched === undefined ? undefined : [...touched]
    return this.inspect(() => this.takeInOutside(paths))
  }

  /**
   * Before a change touches `displays`: what another program did to them that the watcher has not
   * reported yet is taken in first (an outside version of its own in history), so the change is
   * planned, checked and recorded against the bytes on disk, never the index's older idea.
   */
  private async catchUp(displays: readonly string[], reading = false): Promise<void> {
    const rels: string[] = []
    for (const display of displays) {
      const parsed = parseMemoryPath(display)
      if (!parsed.ok || parsed.path.isRoot) continue
      const rel = parsed.path.rel
      const known = this.parts.index.get(rel)
      // A change: known files are rehashed; an unknown path only when something is there.
      if (known && !reading) {
        rels.push(rel)
        continue
      }
      const found = await probe(this.ctx(SYSTEM, false), parsed.path).catch(() => null)
      if (!found || found.kind === 'missing') continue
      // A read: only a file whose size or time moved (a read would take in its bytes silently).
      if (reading && (found.kind !== 'file' || sameStat(known, found.info))) continue
      rels.push(rel)
    }
    if (rels.length) await this.takeInOutside(rels)
  }

  /** Reconciles `paths` (all: undefined) and logs what changed as made outside the app. */
  private async takeInOutside(paths: string[] | undefined): Promise<MemoryChange | undefined> {
    // Named paths may be folders or names the index never holds (an empty folder, a link).
    if (paths) this.listing.touch(paths)
    else this.listing.invalidate()
    const history = this.parts.history
    // Only what the batch names can change, so only that is snapshotted (not the whole index).
    const scope = paths ? paths.map((rel) => rel.replace(/\/+$/, '')) : ['']
    const before = history ? snapshot(this.parts.index, scope) : undefined
    const ctx = history ? history.track(this.ctx(EXTERNAL, false)) : this.ctx(EXTERNAL, false)
    const reconciling = paths ? reconcilePaths(ctx, paths) : reconcile(ctx, false)
    const changes = await reconciling.catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code
      if (code === 'EACCES' || code === 'EPERM')
        throw new CairnError(
          'MEMORY_IO',
          'Part of the memory folder cannot be read: permission denied.'
        )
      throw error
    })
    await this.noteSkipped(changes.skipped, paths === undefined)
    const noted = await this.noteSecretNames(changes.secretNamed)
    const changed = [...changes.added, ...changes.changed, ...changes.removed]
    if (changed.length === 0) {
      if (noted) this.send(this.changeOf([], EXTERNAL))
      return undefined
    }
    const now = this.parts.clock().getTime()
    for (const [key, at] of this.recentExternal)
      if (now - at >= EXTERNAL_COALESCE_MS) this.recentExternal.delete(key)
    const entries = externalActivity(changes, ctx.index, this.limits)
    if (history && before) await history.external(before, ctx.index, entries)
    for (const entry of entries) {
      // Repeats are coalesced, but never an entry holding a version: history keeps every one.
      const key = `${entry.paths.join('\0')}\0${entry.message}`
      if (this.recentExternal.has(key) && !entry.versions?.length) continue
      this.recentExternal.set(key, now)
      await this.append(entry).catch((error: unknown) => {
        this.parts.logger?.warn('memory activity log write failed', { error })
      })
    }
    const change = this.changeOf(changed.map(displayOf), EXTERNAL)
    const flagged = capFlags([...changes.added, ...changes.changed], ctx)
    if (flagged.length) change.flagged = flagged
    this.scheduleFlush()
    this.send(change)
    return change
  }

  /**
   * Records a problem the watcher met (the folder deleted and recreated, permission denied) in
   * the activity log and tells listeners, so the user sees it. Never throws.
   */
  async reportExternalProblem(message: string): Promise<void> {
    if (this.closed) return
    await this.queue.run(() => this.logProblem(message)).catch(() => undefined)
  }

  /** The folder was deleted outside: it is made again, empty, in the queue (one writer). */
  recreateRoot(): Promise<void> {
    if (this.closed) return Promise.resolve()
    return this.queue.run(() => this.parts.fs.recreateRoot())
  }

  private async logProblem(message: string): Promise<void> {
    try {
      await this.append({
        actor: EXTERNAL,
        command: 'external',
        paths: ['/memories'],
        bytesBefore: null,
        bytesAfter: null,
        outcome: 'error',
        message
      })
    } catch (error) {
      this.parts.logger?.warn('memory activity log write failed', { error })
    }
    this.send({ ...this.changeOf([], EXTERNAL), problem: message })
  }

  /**
   * Reports folders a walk skipped (too deep, unreadable) once, not on every sweep. A full walk
   * (`whole`) also clears the report when nothing is skipped any more.
   */
  private async noteSkipped(skipped: WalkSkip[], whole: boolean): Promise<void> {
    const message = skippedMessage(skipped)
    if (message === this.lastSkipped || (!message && !whole)) return
    this.lastSkipped = message
    if (message) {
      this.parts.logger?.warn('memory folder partly skipped', { folders: skipped.length })
      await this.logProblem(message)
    }
  }

  /**
   * Logs, once a session per file, each new file kept out of memory because a name of its holds a
   * credential (the name redacted). True when anything was logged.
   */
  private async noteSecretNames(named: ReadonlyMap<string, string>): Promise<boolean> {
    const fresh = new Map([...named].filter(([rel]) => !this.secretNamesNoted.has(rel)))
    for (const entry of await secretNameActivity(fresh)) {
      await this.append(entry).catch((error: unknown) => {
        this.parts.logger?.warn('memory activity log write failed', { error })
      })
    }
    for (const rel of fresh.keys()) this.secretNamesNoted.add(rel)
    return fresh.size > 0
  }

  /** Re-reads the folder (e.g. after the watcher saw an outside change). */
  refresh(): Promise<void> {
    return this.inspect(async () => {
      await this.reconcileNow(this.ctx(SYSTEM, false), false, true)
      this.scheduleFlush()
    })
  }

  /** Pinned patterns the engine changed (a rename keeps its pin): the settings save them. */
  onPinnedChange(listener: (pinned: string[]) => void): () => void {
    this.pinListeners.add(listener)
    return () => this.pinListeners.delete(listener)
  }

  onChange(listener: (change: MemoryChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Writes the index now (it is otherwise saved shortly after changes, and on dispose). */
  flush(): Promise<void> {
    return this.inspect(() => this.saveIndex())
  }

  async dispose(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.parts.timers.clearInterval(this.sweepTimer)
    this.parts.timers.clearTimeout(this.flushTimer)
    await this.queue.idle()
    await this.lines.dispose()
    await this.saveIndex().catch((error: unknown) =>
      this.parts.logger?.warn('memory index save failed', { error })
    )
    await this.parts.history?.close()
    await this.parts.log.close()
    this.listeners.clear()
  }

  // ---- internals --------------------------------------------------------------------------------

  /** Re-reads the folder into the index; changes found are logged as made outside the app. */
  async reconcileNow(ctx: Ctx, removeTemps: boolean, logChanges: boolean): Promise<void> {
    this.listing.invalidate()
    const history = logChanges ? this.parts.history : undefined
    const before = history ? snapshot(ctx.index, ['']) : undefined
    const changes = await reconcile(history ? history.track(ctx) : ctx, removeTemps)
    await this.noteSkipped(changes.skipped, true)
    await this.noteSecretNames(changes.secretNamed)
    if (!logChanges) return
    const entries = externalActivity(changes, ctx.index, this.limits)
    if (history && before) await history.external(before, ctx.index, entries)
    for (const entry of entries) await this.append(entry)
    if (entries.length)
      this.emit(
        entries.flatMap((entry) => entry.paths),
        { kind: 'external' }
      )
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

  /** A rename by anyone; pinned patterns follow what moved (see pins.ts). */
  private async renameKeepingPins(ctx: Ctx, from: MemoryPath, to: MemoryPath): Promise<Done> {
    const done = await rename(ctx, from, to)
    if (done.plan) return done
    const moved = ctx.index
      .under(to.rel)
      .map(([rel]) => [from.rel + rel.slice(to.rel.length), rel] as const)
    const pinned = pinsAfterMove(this.expiry.pinned, from.rel, to.rel, moved, () =>
      [...ctx.index.entries()].map(([rel]) => rel).filter((rel) => !isWithin(rel, to.rel))
    )
    const checked = pinned && ExpiryPolicySchema.safeParse({ ...this.expiry, pinned })
    if (checked?.success) {
      this.expiry = checked.data as ExpiryPolicy
      for (const listener of this.pinListeners) {
        try {
          listener([...this.expiry.pinned])
        } catch (error) {
          this.parts.logger?.warn('pinned patterns listener failed', { error })
        }
      }
    } else if (checked) {
      this.parts.logger?.warn('a renamed file lost its pin: the pinned patterns are full')
    }
    return done
  }

  private path(raw: string): MemoryPath {
    const parsed = parseMemoryPath(raw)
    if (!parsed.ok) throw new ToolError('refused', parsed.message)
    return parsed.path
  }

  private async record(
    actor: ActivityActor,
    command: NewActivity['command'],
    done: Done | undefined,
    result: ToolResult,
    paths: string[],
    versions?: VersionRef[],
    revertOf?: number
  ): Promise<ActivityEntry | null> {
    this.listing.touch([...paths, ...(done?.paths ?? [])])
    const message = result.content.split('\n')[0] ?? ''
    // A failed command's paths are what was asked, not what exists: a credential in a name
    // (refused, or any other failure) is taken out before the entry is written.
    const named = done?.paths ?? paths
    let entry: ActivityEntry | null = null
    try {
      entry = await this.append({
        actor,
        command,
        paths: result.isError ? await Promise.all(named.map(redactPath)) : named,
        bytesBefore: done?.bytesBefore ?? null,
        bytesAfter: done?.bytesAfter ?? null,
        outcome: result.isError ? 'error' : 'ok',
        message,
        ...(versions?.length && !result.isError ? { versions } : {}),
        ...(revertOf !== undefined ? { revertOf } : {})
      })
    } catch (error) {
      this.parts.logger?.warn('memory activity log write failed', { error })
    }
    if (done) {
      this.emit(done.paths, actor)
      this.scheduleFlush()
    }
    return entry
  }

  /** Appends to the activity log; history indexes what the entry names. */
  private async append(entry: NewActivity): Promise<ActivityEntry> {
    const full = await this.parts.log.append(entry)
    await this.parts.history?.recorded(full, this.parts.index)
    return full
  }

  /**
   * Runs a mutation of `paths` with history around it: the ctx keeps what it reads and writes, and
   * the versions come back once their blobs are durable (so the entry is appended after them).
   */
  private async tracked<T>(
    ctx: Ctx,
    paths: string[],
    how: TrackHow,
    task: (ctx: Ctx) => Promise<T>
  ): Promise<[T, VersionRef[] | undefined]> {
    const history = this.parts.history
    return history ? history.around(ctx, paths, how, task) : [await task(ctx), undefined]
  }

  private emit(paths: string[], actor: ActivityActor): void {
    this.send(this.changeOf(paths, actor))
  }

  private changeOf(paths: string[], actor: ActivityActor): MemoryChange {
    return { paths, actor, usage: usageOf({ index: this.parts.index, limits: this.limits }) }
  }

  private send(change: MemoryChange): void {
    this.listing.touch(change.paths)
    for (const listener of this.listeners) {
      try {
        listener(change)
      } catch (error) {
        this.parts.logger?.warn('memory change listener failed', { error })
      }
    }
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.closed) return
    this.flushTimer = this.parts.timers.setTimeout(() => {
      this.flushTimer = undefined
      if (this.closed) return
      void this.queue
        .run(() => this.saveIndex())
        .catch((error: unknown) => this.parts.logger?.warn('memory index save failed', { error }))
    }, this.parts.indexFlushMs)
  }

  private async saveIndex(): Promise<void> {
    if (!this.parts.index.isDirty) return
    try {
      await this.parts.index.save(this.parts.stateDir)
    } catch (error) {
      this.parts.index.markDirty()
      throw error
    }
  }

  private scrub(text: string): string {
    let out = text
    for (const secret of this.parts.secrets)
      if (secret.length > 1) out = out.split(secret).join('/memories')
    return out
  }

  /** Runs an inspector call in the queue; failures become CairnErrors with a code. */
  private async inspect<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) throw new CairnError('MEMORY_CLOSED', 'The memory store is closed.')
    try {
      return await this.queue.run(task)
    } catch (error) {
      // A call that failed part-way may have changed what it did not get to report.
      this.listing.invalidate()
      throw this.toCairn(error)
    }
  }

  private inspectMutation(
    command: NewActivity['command'],
    input: unknown,
    task: (ctx: Ctx) => Promise<UserDone>
  ): Promise<MemoryMutation> {
    return this.inspect(async () => {
      let done: UserDone | undefined
      let versions: VersionRef[] | undefined
      try {
        await this.catchUp(inputPaths(input))
        ;[done, versions] = await this.tracked(
          this.ctx(USER, false),
          inputPaths(input),
          historyHow(command),
          task
        )
      } catch (error) {
        const failure =
          error instanceof ToolError
            ? error
            : error instanceof ZodError
              ? badInput(error)
              : ioFailure(command, 'the memory folder', error)
        await this.record(
          USER,
          command,
          undefined,
          // As Claude's: a message may quote the input (a path with a key in it).
          { content: await withoutSecrets(this.scrub(failure.message)), isError: true },
          inputPaths(input)
        )
        throw failure
      }
      const kind = done.command ?? command
      await this.record(
        USER,
        kind,
        { ...done, content: '' },
        { content: `${kind} ok`, isError: false },
        done.paths,
        versions
      )
      return { paths: done.paths, usage: usageOf({ index: this.parts.index, limits: this.limits }) }
    })
  }

  private toCairn(error: unknown): CairnError {
    if (error instanceof CairnError) return error
    if (error instanceof ToolError) {
      return new CairnError(
        KIND_CODES[error.kind],
        this.scrub(error.message.replace(/^Error: /, ''))
      )
    }
    if (error instanceof ZodError) return this.toCairn(badInput(error))
    this.parts.logger?.error('memory inspector call failed', { error })
    return new CairnError('INTERNAL', 'The memory folder could not be read or written.')
  }
}

function sameStat(
  known: { size: number; mtimeMs: number } | undefined,
  info: { size: number; mtimeMs: number }
): boolean {
  return known !== undefined && known.size === info.size && known.mtimeMs === info.mtimeMs
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined)
  ) as Partial<T>
}

function historyHow(command: string): TrackHow {
  return command === 'delete' ? 'read' : command === 'rename' ? 'move' : 'plain'
}

function closedResult(): ToolResult {
  return { content: 'Error: The memory store is closed; the app is shutting down.', isError: true }
}

function badInput(error: ZodError): ToolError {
  const issue = error.issues[0]
  const field = issue?.path.map(String).join('.') || 'input'
  return new ToolError('invalid', `Error: Invalid ${field}: ${issue?.message ?? 'not valid'}.`)
}

function displayFor(command: Command): string {
  const raw = command.command === 'rename' ? command.old_path : command.path
  const parsed = parseMemoryPath(raw)
  return parsed.ok ? parsed.path.display : 'the path'
}

/** Paths named by an inspector call's input, for the log of a call that failed. */
function inputPaths(input: unknown): string[] {
  const record = (input ?? {}) as Record<string, unknown>
  return ['path', 'from', 'to']
    .map((key) => record[key])
    .flatMap((raw) => {
      if (typeof raw !== 'string') return []
      const parsed = parseMemoryPath(raw)
      return parsed.ok ? [parsed.path.display] : []
    })
}

function entryRef(entry: ActivityEntry): MemoryOpRef {
  return { seq: entry.seq, versions: entry.versions ?? [] }
}
