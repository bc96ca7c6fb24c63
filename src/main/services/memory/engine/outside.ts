import { CairnError } from '@shared/errors'
import type { MemoryChange } from '@shared/memory/memory'
import { capFlags } from '../caps/caps'
import type { Ctx } from '../kernel/context'
import { probe } from '../kernel/files'
import { snapshot, snapshotAll } from '../history/versions'
import { pacer } from '../core/pace'
import { displayOf, parseMemoryPath } from '../jail/paths'
import type { WalkSkip } from '../jail/walk'
import { externalActivity, skippedMessage } from '../outside/report'
import { reconcile, reconcilePaths } from '../outside/scan'
import { secretNameActivity } from '../secret-guard'
import { EXTERNAL, SYSTEM, type Engine } from './engine'
import { inspect } from './inspect'
import { append, appendQuietly } from './record'

// What other programs did to the folder, taken in through the queue: the watcher's batches,
// the catch-up before a change, and the problems the watcher met.

/** Repeated outside changes to one file within this window make one activity entry. */
export const EXTERNAL_COALESCE_MS = 2000

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
    if (reading && (found.kind !== 'file' || sameStat(known, found.info))) continue
    rels.push(rel)
  }
  if (rels.length) await takeInOutside(e, rels)
}

/** Reconciles `paths` (all: undefined) and logs what changed as made outside the app. */
export async function takeInOutside(
  e: Engine,
  paths: string[] | undefined
): Promise<MemoryChange | undefined> {
  // Named paths may be folders or names the index never holds (an empty folder, a link).
  if (paths) e.listing.touch(paths)
  else e.listing.invalidate()
  const history = e.parts.history
  // Only what the batch names can change, so only that is snapshotted (not the whole index).
  const scope = paths ? paths.map((rel) => rel.replace(/\/+$/, '')) : ['']
  const before = history ? snapshot(e.parts.index, scope) : undefined
  const ctx = history ? history.track(e.ctx(EXTERNAL, false)) : e.ctx(EXTERNAL, false)
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
  const changed = [...changes.added, ...changes.changed, ...changes.removed]
  if (changed.length === 0) {
    if (noted) e.send(e.changeOf([], EXTERNAL))
    return undefined
  }
  const now = e.parts.clock().getTime()
  for (const [key, at] of e.recentExternal)
    if (now - at >= EXTERNAL_COALESCE_MS) e.recentExternal.delete(key)
  const entries = externalActivity(changes, ctx.index, e.limits)
  if (history && before) await history.external(before, ctx.index, entries)
  for (const entry of entries) {
    // Repeats are coalesced, but never an entry holding a version: history keeps every one.
    const key = `${entry.paths.join('\0')}\0${entry.message}`
    if (e.recentExternal.has(key) && !entry.versions?.length) continue
    e.recentExternal.set(key, now)
    await appendQuietly(e, entry)
  }
  const change = e.changeOf(changed.map(displayOf), EXTERNAL)
  const flagged = capFlags([...changes.added, ...changes.changed], ctx)
  if (flagged.length) change.flagged = flagged
  e.scheduleFlush()
  e.send(change)
  return change
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
  const history = logChanges ? e.parts.history : undefined
  const before = history ? await snapshotAll(ctx.index, pacer()) : undefined
  const changes = await reconcile(history ? history.track(ctx) : ctx, removeTemps)
  await noteSkipped(e, changes.skipped, true)
  await noteSecretNames(e, changes.secretNamed)
  if (!logChanges) return
  const entries = externalActivity(changes, ctx.index, e.limits)
  if (history && before) await history.external(before, ctx.index, entries)
  for (const entry of entries) await append(e, entry)
  if (entries.length)
    e.emit(
      entries.flatMap((entry) => entry.paths),
      { kind: 'external' }
    )
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
  if (message === e.lastSkipped || (!message && !whole)) return
  e.lastSkipped = message
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
  const fresh = new Map([...named].filter(([rel]) => !e.secretNamesNoted.has(rel)))
  for (const entry of await secretNameActivity(fresh)) await appendQuietly(e, entry)
  for (const rel of fresh.keys()) e.secretNamesNoted.add(rel)
  return fresh.size > 0
}

function sameStat(
  known: { size: number; mtimeMs: number } | undefined,
  info: { size: number; mtimeMs: number }
): boolean {
  return known !== undefined && known.size === info.size && known.mtimeMs === info.mtimeMs
}
