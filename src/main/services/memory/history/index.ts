import { join } from 'node:path'
import { CairnError } from '@shared/errors'
import type { ActivityActor, ActivityEntry, NotKept, VersionRef } from '@shared/memory/memory'
import type { FindInHistoryResult, ForgetInput, HistoryVersion } from '@shared/memory/history'
import { HistoryRetentionSchema, type HistoryRetention } from '@shared/app/settings'
import { ensurePrivateDir } from '../../fs/durable'
import type { Logger } from '../../log/logger'
import type { ActivityLog, NewActivity } from '../ledger/activity-log'
import type { Ctx } from '../kernel/context'
import type { MemoryIndex } from '../ledger/index-store'
import { removeStateTemps } from '../ledger/state-temps'
import type { Pace } from '../core/pace'
import { BlobStore } from './blobs'
import { findInVersions, forgetEntry, hashesNamed } from './forget'
import type { UserDone } from '../kernel/context'
import { HistoryJournal, type HistoryRecord } from './journal'
import { BLOB_MAX_BYTES, isContentHash } from './not-kept'
import { revertRecord, wholeMove, type Overwrite, type RevertConflict } from './revert'
import { planPrune, pruneSummary, type PrunePlan } from './retention'
import { readOnDisk } from './read-on-disk'
import {
  diffVersions,
  entryVersions,
  relsOf,
  snapshot,
  versionsOf,
  type Snapshot
} from './versions'

// Version history of the memory folder (design: "History belongs to the memory engine"). It lives
// in <stateDir>/history, outside the memory root: no memory-tool command can reach it, and it never
// counts toward the memory caps. The store calls in at a few points: `track` gives a command's ctx
// a hook that keeps every text it reads or writes; `begin`/`finish` turn the index before and after
// into the entry's versions, once their blobs are durable; `recorded` indexes the appended entry
// and holds history to `maxBytes` on disk (pruning oldest first, one activity entry saying so).

export { BLOB_MAX_BYTES } from './not-kept'
export type TrackHow = 'plain' | 'read' | 'move'
export { type Snapshot } from './versions'
export type { HistoryRecord } from './journal'

export class History {
  private retention: HistoryRetention
  /**
   * Blobs the versions of an entry not yet recorded name (a batch of outside changes is diffed
   * before its entries are appended one by one): pruning after the first must not free them.
   */
  private readonly named = new Set<string>()

  private constructor(
    private readonly blobs: BlobStore,
    private readonly journal: HistoryJournal,
    retention: HistoryRetention,
    private readonly log: ActivityLog,
    private readonly logger?: Logger
  ) {
    this.retention = retention
    blobs.setBudget(retention.maxBytes)
  }

  static async open(
    stateDir: string,
    retention: Partial<HistoryRetention>,
    log: ActivityLog,
    logger?: Logger
  ): Promise<History> {
    const dir = join(stateDir, 'history')
    await ensurePrivateDir(dir)
    await removeStateTemps(dir) // the journal's own durable rewrites
    const blobs = await BlobStore.open(join(dir, 'blobs'))
    if (blobs.damagedBytes)
      logger?.warn('memory history skipped damaged records', { bytes: blobs.damagedBytes })
    const journal = await HistoryJournal.open(dir)
    for (const entry of await log.entriesAfter(journal.lastSeq)) journal.add(entry)
    // A purge a crash cut short: the journal lists what was forgotten, so finish it.
    const unpurged = [...journal.forgotten].filter((hash) => blobs.has(hash))
    if (unpurged.length) await blobs.purge(unpurged)
    return new History(blobs, journal, HistoryRetentionSchema.parse(retention), log, logger)
  }

  get bytes(): number {
    return this.blobs.totalBytes
  }

  setRetention(patch: Partial<HistoryRetention>): HistoryRetention {
    const merged = HistoryRetentionSchema.safeParse({ ...this.retention, ...patch })
    if (!merged.success)
      throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid retention.')
    this.retention = merged.data
    this.blobs.setBudget(merged.data.maxBytes)
    return { ...this.retention }
  }

  /** The same ctx, keeping every version it reads or writes (blobs start writing at once). */
  track(ctx: Ctx): Ctx {
    return { ...ctx, keep: (hash, data, read) => this.keep(hash, data, read) }
  }

  /** `read`: a version read, still on disk: its record may share the command's next sync. */
  private keep(hash: string, data: string | Uint8Array, read = false): void {
    // A new mutation: the entries `named` was protecting are all recorded by now.
    this.named.clear()
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength
    // A `stat:` identity comes with the first bytes of a file too big to hash, not its text.
    if (size > BLOB_MAX_BYTES || !isContentHash(hash) || this.blobs.has(hash)) return
    // Forgotten at the user's request: never kept again, even while a file still holds it.
    if (this.journal.forgotten.has(hash)) return
    this.blobs.put(hash, data, read).catch(() => undefined) // reported by settle()
  }

  /** Whether history holds a version, or why it chose not to keep it (for an entry's versions). */
  private readonly held = (hash: string): boolean | NotKept => {
    if (this.blobs.has(hash)) {
      this.named.add(hash)
      return true
    }
    if (!isContentHash(hash)) return 'too-large'
    if (this.journal.forgotten.has(hash)) return 'forgotten'
    return this.blobs.overBudgetOf(hash) ? 'over-cap' : false
  }

  /**
   * Runs a mutation of `paths` (display paths) with history around it: the ctx keeps what it reads
   * and writes, and the versions come back once their blobs are durable, so the store appends the
   * entry after them. `read`: keep files' text first (a delete takes it off the disk); `move`: the
   * paths are from and to; `plain`: one file each, so no folder scan of the index.
   */
  async around<T>(
    ctx: Ctx,
    paths: readonly string[],
    how: TrackHow,
    task: (ctx: Ctx) => Promise<T>
  ): Promise<[T, VersionRef[]]> {
    const rels = relsOf(paths)
    const move =
      how === 'move' && rels.length === 2
        ? { from: rels[0] as string, to: rels[1] as string }
        : undefined
    const deep = how !== 'plain'
    const before = await this.begin(ctx, rels, how === 'read', deep)
    const value = await task(this.track(ctx))
    return [value, await this.finish(before, ctx.index, rels, move, deep)]
  }

  /**
   * The index before a mutation of `rels`. With `read`, files history has no text of yet are
   * read and kept first (a delete or an expiry takes them off the disk).
   */
  async begin(ctx: Ctx, rels: readonly string[], read = false, deep = true): Promise<Snapshot> {
    const snap = snapshot(ctx.index, rels, deep)
    if (read) {
      let kept = false
      for (const [rel, entry] of snap) {
        if (this.blobs.has(entry.hash) || entry.size > BLOB_MAX_BYTES) continue
        const bytes = await readOnDisk(ctx, rel)
        if (!bytes) continue // unreadable: recorded by hash only
        this.keep(entry.hash, bytes)
        kept = true
      }
      // Durable before the task takes the files off the disk: a crash in between must not lose
      // a file and the only copy history was making of it.
      if (kept) await this.settle()
    }
    return snap
  }

  /** The versions a mutation made, once every blob they name is durable. */
  async finish(
    before: Snapshot,
    index: MemoryIndex,
    rels: readonly string[],
    move?: { from: string; to: string },
    deep = true
  ): Promise<VersionRef[]> {
    await this.settle()
    return diffVersions(before, index, rels, this.held, move, deep)
  }

  /** Versions for entries about outside changes (the before-text only if history had it). */
  async external(before: Snapshot, index: MemoryIndex, entries: NewActivity[]): Promise<void> {
    await this.settle()
    for (const entry of entries) {
      const versions = entryVersions(before, index, relsOf(entry.paths), this.held)
      if (versions.length) entry.versions = versions
    }
  }

  /** Indexes an appended activity entry (only entries with versions are history). */
  noted(entry: ActivityEntry): void {
    try {
      this.journal.add(entry)
    } catch (error) {
      this.logger?.warn('memory history journal write failed', { error })
    }
  }

  /** How to undo entry `seq`: the paths it touches (a rename's in reverse) and the work. */
  undoOf(
    seq: number,
    overwrite?: Overwrite
  ): {
    paths: string[]
    how: TrackHow
    run: (ctx: Ctx) => Promise<UserDone | RevertConflict>
  } {
    const record = this.journal.get(seq)
    if (!record)
      throw new CairnError('MEMORY_NOT_FOUND', `Entry ${seq} changed no file history still holds.`)
    // Undo acts on what the record did (its refs), whatever its command was called.
    const move = wholeMove(record)
    return {
      paths: move
        ? [move.to, move.from]
        : record.versions.flatMap((ref) => (ref.from ? [ref.path, ref.from] : [ref.path])),
      how: move ? 'move' : 'plain',
      run: (ctx) =>
        revertRecord(
          ctx,
          record,
          (hash) => this.blobs.read(hash),
          this.journal.forgotten,
          overwrite
        )
    }
  }

  /** What history keeps of entry `seq` (its versions), for an undo that goes file by file. */
  recordOf(seq: number): HistoryRecord {
    const record = this.journal.get(seq)
    if (!record)
      throw new CairnError('MEMORY_NOT_FOUND', `Entry ${seq} changed no file history still holds.`)
    return record
  }

  /** Undoes one file of a record (`ref`, one of its versions) as `undoOf` would undo it alone. */
  undoFile(ctx: Ctx, record: HistoryRecord, ref: VersionRef): Promise<UserDone | RevertConflict> {
    const one = { ...record, paths: [ref.path], versions: [ref] }
    return revertRecord(ctx, one, (hash) => this.blobs.read(hash), this.journal.forgotten)
  }

  /** The text of a version (UTF-8; other bytes are replaced). */
  async text(hash: string): Promise<string> {
    const bytes = await this.blobs.read(hash)
    if (!bytes)
      throw new CairnError(
        'MEMORY_NOT_FOUND',
        'That version is not in history (too big, or pruned).'
      )
    return bytes.toString('utf8')
  }

  list(display: string): HistoryVersion[] {
    const forgotten = this.journal.forgotten
    return versionsOf(this.journal.all(), display, (hash) => this.blobs.has(hash)).map((version) =>
      version.hash && forgotten.has(version.hash)
        ? { ...version, stored: false, notKept: 'forgotten' as const }
        : version
    )
  }

  /** Every version history holds that contains `text` (the text itself is never answered). */
  async find(
    text: string,
    current: ReadonlySet<string>,
    pace: Pace
  ): Promise<Omit<FindInHistoryResult, 'elsewhere'>> {
    await this.settle()
    return findInVersions(this.blobs, this.journal.all(), current, text, pace)
  }

  /** The versions a forget request names (a text: those holding it). */
  async versionsNamed(
    what: Exclude<ForgetInput, { what: 'archived' }>,
    current: ReadonlySet<string>,
    pace: Pace
  ): Promise<Set<string>> {
    if (what.what !== 'text') return hashesNamed(what, this.journal.all())
    const found = await this.find(what.text, current, pace)
    return new Set(found.hits.map((hit) => hit.hash))
  }

  /**
   * Forgets versions for good: listed as forgotten in the journal (durably, first), then the packs
   * holding them are rewritten without them. One activity entry says when and by whom, and how
   * many versions of how many files, never which text. Answers how many versions went.
   */
  async forget(hashes: ReadonlySet<string>, actor: ActivityActor): Promise<number> {
    await this.settle()
    const held = [...hashes].filter((hash) => this.blobs.has(hash))
    this.journal.forget(hashes)
    await this.blobs.purge(held)
    await this.log.append(forgetEntry(this.journal.all(), hashes, held.length, actor))
    return held.length
  }

  /** An import's earlier versions, kept like any; answers those history now holds. */
  async adopt(versions: ReadonlyArray<{ hash: string; bytes: Buffer }>): Promise<Set<string>> {
    for (const { hash, bytes } of versions) this.keep(hash, bytes)
    await this.settle()
    const held = new Set(versions.map((v) => v.hash).filter((hash) => this.blobs.has(hash)))
    held.forEach((hash) => this.named.add(hash))
    return held
  }

  /** Every path history holds versions of, for an export. */
  paths(): string[] {
    return [...new Set(this.journal.all().flatMap((r) => r.versions.map((ref) => ref.path)))]
  }

  /**
   * Indexes an appended entry, then holds history to its size limit: after every write the pack
   * files take at most `maxBytes` on disk. The store calls this for every entry it appends.
   */
  async recorded(entry: ActivityEntry, index: MemoryIndex): Promise<void> {
    this.noted(entry)
    for (const ref of entry.versions ?? [])
      for (const hash of [ref.before, ref.after]) if (hash) this.named.delete(hash)
    if (this.blobs.diskBytes <= this.retention.maxBytes) return
    await this.prune(index, Date.parse(entry.time)).catch((error: unknown) =>
      this.logger?.warn('memory history prune failed', { error })
    )
  }

  /**
   * Applies retention (age and size); removes blobs nothing needs (orphans of a crash included)
   * and gives their bytes back to the disk. One activity entry says what went.
   */
  async prune(index: MemoryIndex, now: number): Promise<{ dropped: number; freed: number }> {
    await this.settle()
    const current = new Set<string>()
    for (const [, entry] of index.entries()) current.add(entry.hash)
    const diskBefore = this.blobs.diskBytes
    const records = this.journal.all()
    const plan = planPrune(records, this.retention, this.blobs, current, now, this.named)
    const dropped = records.filter((record) => plan.drop.has(record.seq))
    // The journal forgets first: a crash in between leaves unreferenced blobs, never the reverse.
    if (plan.drop.size) await this.journal.replace((record) => !plan.drop.has(record.seq))
    for (const hash of plan.unneeded) await this.blobs.remove(hash)
    await this.blobs.reclaim(this.retention.maxBytes)
    if (dropped.length) await this.say(dropped, plan, diskBefore)
    return { dropped: plan.drop.size, freed: plan.unneeded.length }
  }

  /** One activity entry for one pruning: how many versions of how many files went, and why. */
  private async say(dropped: HistoryRecord[], plan: PrunePlan, diskBefore: number): Promise<void> {
    const { message, paths } = pruneSummary(dropped, plan, this.retention)
    try {
      await this.log.append({
        actor: { kind: 'system' },
        command: 'prune',
        paths,
        bytesBefore: diskBefore,
        bytesAfter: this.blobs.diskBytes,
        outcome: 'ok',
        message
      })
    } catch (error) {
      this.logger?.warn('memory activity log write failed', { error })
    }
  }

  async close(): Promise<void> {
    await this.settle()
    this.journal.close()
    await this.blobs.close()
  }

  private settle(): Promise<void> {
    return this.blobs.settle((error) =>
      this.logger?.warn('memory history blob write failed', { error })
    )
  }
}
