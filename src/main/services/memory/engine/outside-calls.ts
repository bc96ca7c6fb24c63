import { CairnError } from '@shared/errors'
import { plural } from '@shared/words'
import type { RevertResult } from '@shared/memory/history'
import type { ActivityActor, MemoryChange, SkippedFile } from '@shared/memory/memory'
import type { HistoryRecord } from '../history'
import { leftAsIs } from '../history/revert'
import { ToolError } from '../core/tool-error'
import { capFlags } from '../caps/caps'
import type { Ctx } from '../kernel/context'
import type { FreshReads } from '../kernel/fresh-reads'
import type { NewActivity } from '../ledger/activity-log'
import { probe } from '../kernel/files'
import { snapshotAll, snapshotPaced, type Snapshot } from '../history/versions'
import { pacer } from '../core/pace'
import { stillSame, trustOrAdopt, type StatIdentity } from '../ledger/stat-trust'
import { parseMemoryPath } from '../jail/paths'
import { refusedReason } from '../kernel/names'
import type { WalkSkip } from '../jail/walk'
import { externalActivity, skippedMessage } from '../outside/report'
import { joinRenames, pairRenames } from '../outside/renames'
import { reconcile, reconcilePaths, type Reconciled } from '../outside/scan'
import { secretNameActivity } from '../secret-guard'
import { EXTERNAL, SYSTEM, type Engine } from './engine'
import { inspect } from './inspect-calls'
import { append, appendQuietly, record, tracked } from './record'

// What other programs did to the folder, taken in through the queue: the watcher's batches,
// the catch-up before a change, and the problems the watcher met.

export { EXTERNAL_COALESCE_MS } from './state/outside-notes'

/**
 * Brings the index in line with what other programs did to the folder. The watcher calls this
 * once per batch of events, naming the paths the events touched (relative to the root): only
 * those are looked at (files rehashed even if size and time look unchanged, folders walked).
 * Without `touched`, the whole folder is walked. Cairn's own writes are already in the index,
 * so they never come back as external. A file changed again within the coalescing window gets no
 * second activity entry. Emits one change (actor `external`) with the new usage when anything changed.
 */
export function applyExternal(
  e: Engine,
  touched?: Iterable<string>
): Promise<MemoryChange | undefined> {
  const paths = touched === undefined ? undefined : [...touched]
  return inspect(e, () => takeInOutside(e, paths))
}

/** Past this many paths to look at, one walk of the whole folder costs less. */
const START_SCAN_MAX_NAMED = 20_000

/**
 * The watcher's initial scan (every file it found, with its lstat): a file new to the index, one
 * the index holds that the scan did not find, and one whose (inode, size, mtime) moved or was
 * recorded too soon after its mtime to trust (stat-trust.ts) are looked at again, as the
 * watcher's batches are. A warm open trusts the index without a walk; this is how it catches up
 * with what changed while Cairn was closed. Runs in the queue: a write of Claude's since the open
 * is in the index already and, read again, matches it (never reported as an outside change).
 */
export function applyStartScan(
  e: Engine,
  seen: ReadonlyMap<string, StatIdentity>
): Promise<MemoryChange | undefined> {
  return inspect(e, async () => {
    const pace = pacer()
    const index = e.parts.index
    const named: string[] = []
    for (const [rel, stat] of seen) {
      await pace()
      const known = index.get(rel)
      // A name the tool refuses never enters the index (as in a walk): nothing to look at.
      if (!known && refusedReason(rel)) continue
      if (!trustOrAdopt(index, rel, stat)) named.push(rel)
    }
    for (const [rel] of index.entries()) {
      await pace()
      if (!seen.has(rel)) named.push(rel)
    }
    if (named.length === 0) return undefined
    const paths = named.length > START_SCAN_MAX_NAMED ? undefined : named
    return takeInOutside(e, paths, { catchingUp: true })
  })
}

/**
 * Before a change touches `displays`: what another program did to them that the watcher has not
 * reported yet is taken in first (an outside version of its own in history), so the change is
 * planned, checked and recorded against the bytes on disk, never the index's older idea.
 */
export async function catchUp(
  e: Engine,
  displays: readonly string[],
  reading = false
): Promise<void> {
  // What an earlier command's catch-up read is no one's to take now.
  e.fresh.clear()
  const rels: string[] = []
  for (const display of displays) {
    const parsed = parseMemoryPath(display)
    if (!parsed.ok || parsed.path.isRoot) continue
    const rel = parsed.path.rel
    const known = e.parts.index.get(rel)
    // A change: known files are rehashed; an unknown path only when something is there.
    if (known && !reading) {
      rels.push(rel)
      continue
    }
    const found = await probe(e.ctx(SYSTEM, false), parsed.path).catch(() => null)
    if (!found || found.kind === 'missing') continue
    // A read: only a file whose size or time moved (a read would take in its bytes silently).
    if (reading && (found.kind !== 'file' || stillSame(known, found.info))) continue
    rels.push(rel)
  }
  // A change's files are read and hashed here: the command takes those bytes (fresh-reads.ts).
  if (rels.length) await takeInOutside(e, rels, reading ? {} : { fresh: e.fresh })
}

/** How an outside take reads. */
interface TakeOptions {
  /** The files read and hashed, for the command that follows (a change's catch-up). */
  fresh?: FreshReads
  /**
   * A catch-up with what changed while nobody looked (the watcher's start, the open's walk): of
   * the files it reads again only what changed goes to history, not a copy of each one found as
   * the index had it. After a move to a new disk that is every file (new inodes): 100,000 copies
   * no entry names, and the first change after the start waited for all of them to be written.
   */
  catchingUp?: boolean
}

/** Reconciles `paths` (all: undefined) and logs what changed as made outside the app. */
export async function takeInOutside(
  e: Engine,
  paths: string[] | undefined,
  { fresh, catchingUp = false }: TakeOptions = {}
): Promise<MemoryChange | undefined> {
  // Named paths may be folders or names the index never holds (an empty folder, a link).
  if (paths) e.listing.touch(paths)
  else e.listing.invalidate()
  const history = e.parts.history
  // Only what the batch names can change, so only that is snapshotted (not the whole index);
  // taken with history off too: a rename is paired by the bytes the gone file had.
  const scope = paths ? paths.map((rel) => rel.replace(/\/+$/, '')) : ['']
  const before = await snapshotPaced(e.parts.index, scope, pacer())
  const outside = { ...e.ctx(EXTERNAL, false), ...(fresh ? { fresh } : {}) }
  const ctx = history ? history.track(catchingUp ? changesOnly(outside) : outside) : outside
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
  await noteSkipped(e, changes.skipped, paths === undefined)
  const noted = await noteSecretNames(e, changes.secretNamed)
  const entry = await outsideEntry(e, changes, before, ctx)
  if (!entry) {
    if (noted) e.send(e.changeOf([], EXTERNAL))
    return undefined
  }
  // Repeats are coalesced, but never an entry holding a version: history keeps every one.
  const key = `${entry.paths.join('\0')}\0${entry.message}`
  const now = e.parts.clock().getTime()
  if (e.outsideNotes.shouldLog(key, now, Boolean(entry.versions?.length)))
    await appendQuietly(e, entry)
  const change = e.changeOf(entry.paths, EXTERNAL)
  const flagged = capFlags([...changes.added, ...changes.changed, ...renamedTo(changes)], ctx)
  if (flagged.length) change.flagged = flagged
  e.scheduleFlush()
  e.send(change)
  return change
}

/**
 * A batch's one activity entry (none when nothing changed): deletes and creates of the same bytes
 * paired as renames first, and history's versions on it, each rename one ref from the old path.
 */
async function outsideEntry(
  e: Engine,
  changes: Reconciled,
  before: Snapshot,
  ctx: Ctx
): Promise<NewActivity | undefined> {
  pairRenames(changes, before, ctx.index)
  const entry = externalActivity(changes, ctx.index, e.policy.limits)
  const history = e.parts.history
  if (!entry || !history) return entry
  await history.external(before, ctx.index, [entry])
  if (entry.versions) entry.versions = joinRenames(entry.versions, changes.renamed)
  return entry
}

/** History keeps what a scan finds changed, not each file it reads again (see TakeOptions). */
function changesOnly(ctx: Ctx): Ctx {
  return { ...ctx, keepChangesOnly: true }
}

function renamedTo(changes: Reconciled): string[] {
  return changes.renamed.map((move) => move.to)
}

/**
 * Records a problem the watcher met (the folder deleted and recreated, permission denied) in
 * the activity log and tells listeners, so the user sees it. Never throws.
 */
export async function reportExternalProblem(e: Engine, message: string): Promise<void> {
  if (e.closed) return
  await e.queue.run(() => logProblem(e, message)).catch(() => undefined)
}

/** The folder was deleted outside: it is made again, empty, in the queue (one writer). */
export function recreateRoot(e: Engine): Promise<void> {
  if (e.closed) return Promise.resolve()
  return e.queue.run(() => e.parts.fs.recreateRoot())
}

/** Re-reads the folder (e.g. after the watcher saw an outside change). */
export function refresh(e: Engine): Promise<void> {
  return inspect(e, async () => {
    await reconcileNow(e, e.ctx(SYSTEM, false), false, true)
    e.scheduleFlush()
  })
}

/** Re-reads the folder into the index; changes found are logged as made outside the app. */
export async function reconcileNow(
  e: Engine,
  ctx: Ctx,
  removeTemps: boolean,
  logChanges: boolean
): Promise<void> {
  e.listing.invalidate()
  const history = e.parts.history
  const before = logChanges ? await snapshotAll(ctx.index, pacer()) : undefined
  // The open's and the sweep's walk: a catch-up (see TakeOptions).
  const tracked = history && logChanges ? history.track(changesOnly(ctx)) : ctx
  const changes = await reconcile(tracked, removeTemps)
  await noteSkipped(e, changes.skipped, true)
  await noteSecretNames(e, changes.secretNamed)
  if (!before) return
  const entry = await outsideEntry(e, changes, before, ctx)
  if (!entry) return
  await append(e, entry)
  e.emit(entry.paths, { kind: 'external' })
}

async function logProblem(e: Engine, message: string): Promise<void> {
  try {
    await append(e, {
      actor: EXTERNAL,
      command: 'external',
      paths: ['/memories'],
      bytesBefore: null,
      bytesAfter: null,
      outcome: 'error',
      message
    })
  } catch (error) {
    e.warn('memory activity log write failed', error)
  }
  e.send({ ...e.changeOf([], EXTERNAL), problem: message })
}

/**
 * Reports folders a walk skipped (too deep, unreadable) once, not on every sweep. A full walk
 * (`whole`) also clears the report when nothing is skipped any more.
 */
async function noteSkipped(e: Engine, skipped: WalkSkip[], whole: boolean): Promise<void> {
  const message = skippedMessage(skipped)
  if (!e.outsideNotes.skippedChanged(message, whole)) return
  if (message) {
    e.parts.logger?.warn('memory folder partly skipped', { folders: skipped.length })
    await logProblem(e, message)
  }
}

/**
 * Logs, once a session per file, each new file kept out of memory because a name of its holds a
 * credential (the name redacted). True when anything was logged.
 */
async function noteSecretNames(e: Engine, named: ReadonlyMap<string, string>): Promise<boolean> {
  const fresh = e.outsideNotes.unnotedSecretNames(named)
  for (const entry of await secretNameActivity(fresh)) await appendQuietly(e, entry)
  e.outsideNotes.noteSecretNames(fresh.keys())
  return fresh.size > 0
}

/** A batch's entry that changed more than one file: undone file by file, as each was alone. */
export function isOutsideBatch(entry: HistoryRecord): boolean {
  return entry.command === 'external' && entry.versions.length > 1
}

/**
 * Undoes a batch of outside changes: each file still as the batch left it goes back (a rename
 * moves back), one `revert` entry; a file changed since is skipped and named, never written over.
 */
export async function undoOutsideBatch(
  e: Engine,
  batch: HistoryRecord,
  actor: ActivityActor
): Promise<RevertResult> {
  const history = e.parts.history
  if (!history) throw new CairnError('MEMORY_REFUSED', 'Version history is off.')
  const displays = batch.versions.flatMap((ref) => (ref.from ? [ref.path, ref.from] : [ref.path]))
  await catchUp(e, displays)
  // What comes back meets the guard as the user's own saves do.
  const guarded = e.userGuarded(e.ctx(actor, false), undefined)
  const [outcome, versions] = await tracked(e, guarded, displays, 'plain', async (ctx) => {
    const undone: string[] = []
    const skipped: SkippedFile[] = []
    let bytesAfter = 0
    for (const ref of batch.versions) {
      try {
        const done = await history.undoFile(ctx, batch, ref)
        if ('status' in done) {
          skipped.push({ path: ref.path, reason: leftAsIs(done.message) })
          continue
        }
        undone.push(...done.paths)
        bytesAfter += done.bytesAfter ?? 0
      } catch (error) {
        if (!(error instanceof ToolError)) e.warn('memory undo of one file failed', error)
        const reason =
          error instanceof ToolError
            ? e.scrub(error.message.replace(/^Error: /, ''))
            : `${ref.path} could not be undone (the memory folder refused it).`
        skipped.push({ path: ref.path, reason })
      }
    }
    return { undone, skipped, bytesAfter }
  })
  const { undone, skipped, bytesAfter } = outcome
  if (undone.length)
    await record(
      e,
      actor,
      'revert',
      { paths: undone, bytesBefore: null, bytesAfter, content: '' },
      {
        content: `Undid the outside changes of entry ${batch.seq}: ${plural(undone.length, 'file')}`,
        isError: false
      },
      undone,
      versions,
      batch.seq
    )
  return { status: 'reverted', seq: batch.seq, paths: undone, skipped, usage: e.usage() }
}
