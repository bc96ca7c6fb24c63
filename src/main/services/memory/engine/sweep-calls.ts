import { plural } from '@shared/words'
import type { ExpiredItem, RestoreAllInput, RestoreAllResult } from '@shared/memory/expiry'
import type { RevertResult } from '@shared/memory/history'
import type { ActivityActor, SkippedFile, VersionRef } from '@shared/memory/memory'
import type { HistoryRecord } from '../history'
import { leftAsIs } from '../history/revert'
import { checkUserCaps } from '../caps/caps'
import { archivedFile, listArchiveFolder } from '../expiry/archive'
import { sweepMessage } from '../expiry/expiry'
import { restoreForUser } from '../inspector/user-ops'
import type { Ctx } from '../kernel/context'
import { probe } from '../kernel/files'
import { lstatOrNull } from '../jail/fs-ops'
import { ToolError } from '../core/tool-error'
import { SYSTEM, USER, type Engine } from './engine'
import { inspect } from './inspect-calls'
import { catchUp } from './outside-calls'
import { append, record, tracked } from './record'

// A sweep as one (issue 36): the hourly sweep and "Sweep now" write ONE `expire` entry naming
// every file and its version, as an import does. Its undo brings back every file the sweep took,
// from the sweep's archive folder while it holds the file (else from history), file by file: a
// path taken since, or a file a cap or its own passed expires: date refuses, is skipped and
// named, never written over. The archive's "Restore all" brings one archive folder back the same way.

/** Appends the one entry of a sweep (nothing when nothing went). */
export async function recordSweep(
  e: Engine,
  gone: readonly ExpiredItem[],
  versions: VersionRef[] | undefined
): Promise<void> {
  if (!gone.length) return
  const archiveId = gone[0]?.archiveId
  await append(e, {
    actor: SYSTEM,
    command: 'expire',
    paths: gone.map((item) => item.path),
    bytesBefore: gone.reduce((sum, item) => sum + item.size, 0),
    bytesAfter: 0,
    outcome: 'ok',
    message: sweepMessage(gone, e.policy.expiry.days),
    ...(versions?.length ? { versions } : {}),
    ...(archiveId ? { archiveId } : {})
  })
}

/** Entries undone file by file: a sweep's (an old one-file expiry entry undoes as any entry). */
export function isSweep(entry: HistoryRecord): boolean {
  return entry.command === 'expire' && (entry.archiveId !== undefined || entry.versions.length > 1)
}

/** Undoes a sweep: what can come back does, one `revert` entry; the rest is skipped and named. */
export async function undoSweep(
  e: Engine,
  sweep: HistoryRecord,
  actor: ActivityActor
): Promise<RevertResult> {
  const history = e.parts.history
  const targets = sweep.versions.map((ref) => ({
    display: ref.path,
    ref,
    ...(sweep.archiveId ? { archiveId: sweep.archiveId } : {})
  }))
  const displays = targets.map((target) => target.display)
  await catchUp(e, displays)
  const [outcome, versions] = await tracked(
    e,
    // What comes back from history meets the guard as the user's own saves do.
    e.userGuarded(e.ctx(actor, false), undefined),
    displays,
    'plain',
    (ctx) =>
      bringBack(e, ctx, targets, history ? (c, ref) => history.undoFile(c, sweep, ref) : undefined)
  )
  const { restored, skipped, bytesAfter } = outcome
  if (restored.length)
    await record(
      e,
      actor,
      'revert',
      { paths: restored, bytesBefore: null, bytesAfter, content: '' },
      {
        content: `Undid the sweep of entry ${sweep.seq}: restored ${plural(restored.length, 'file')}`,
        isError: false
      },
      restored,
      versions,
      sweep.seq
    )
  return { status: 'reverted', seq: sweep.seq, paths: restored, skipped, usage: e.usage() }
}

/** "Restore all": every file of one archive folder back where it was, as one `restore` entry. */
export function restoreArchivedAll(e: Engine, input: RestoreAllInput): Promise<RestoreAllResult> {
  return inspect(e, async () => {
    const root = e.parts.archiveRoot
    archivedFile(root, input.archiveId, []) // refuses a name that is not an archive's
    const items = await listArchiveFolder(root, input.archiveId)
    if (!items.length)
      throw new ToolError('not-found', `Error: The archive ${input.archiveId} holds no file.`)
    const targets = items.map((item) => ({ display: item.path, archiveId: input.archiveId }))
    const displays = targets.map((target) => target.display)
    await catchUp(e, displays)
    const [outcome, versions] = await tracked(e, e.ctx(USER, false), displays, 'plain', (ctx) =>
      bringBack(e, ctx, targets)
    )
    const { restored, skipped, bytesAfter } = outcome
    if (restored.length)
      await record(
        e,
        USER,
        'restore',
        { paths: restored, bytesBefore: null, bytesAfter, content: '' },
        {
          content: `Restored ${plural(restored.length, 'file')} from the archive ${input.archiveId}`,
          isError: false
        },
        restored,
        versions
      )
    return { paths: restored, skipped, usage: e.usage() }
  })
}

interface Target {
  display: string
  archiveId?: string
  /** The sweep's version of it, when history may bring it back. */
  ref?: VersionRef
}

type FromHistory = (
  ctx: Ctx,
  ref: VersionRef
) => ReturnType<NonNullable<Engine['parts']['history']>['undoFile']>

/** Puts each target back where it was, never over anything; what cannot come back is named. */
async function bringBack(
  e: Engine,
  ctx: Ctx,
  targets: readonly Target[],
  fromHistory?: FromHistory
): Promise<{ restored: string[]; skipped: SkippedFile[]; bytesAfter: number }> {
  const restored: string[] = []
  const skipped: SkippedFile[] = []
  let bytesAfter = 0
  for (const target of targets) {
    const skip = (reason: string) => skipped.push({ path: target.display, reason })
    try {
      const path = e.path(target.display)
      if ((await probe(ctx, path)).kind !== 'missing') {
        skip(`${path.display} already exists (made again since); it was left as it is.`)
        continue
      }
      const source = target.archiveId
        ? archivedFile(e.parts.archiveRoot, target.archiveId, path.segments)
        : undefined
      const info = source ? await lstatOrNull(source) : null
      if (target.archiveId && info?.isFile()) {
        // Many files at once meet the caps, as an import and an undo do.
        checkUserCaps(
          ctx,
          { display: path.display, verb: 'create', oldSize: 0, newSize: info.size },
          'restore'
        )
        const done = await restoreForUser(ctx, e.parts.archiveRoot, target.archiveId, path)
        bytesAfter += done.bytesAfter ?? 0
      } else if (target.ref && fromHistory) {
        const done = await fromHistory(ctx, target.ref)
        if ('status' in done) {
          skip(leftAsIs(done.message))
          continue
        }
        bytesAfter += done.bytesAfter ?? 0
      } else {
        skip(`${path.display} is no longer in the archive.`)
        continue
      }
      restored.push(path.display)
    } catch (error) {
      if (error instanceof ToolError) skip(e.scrub(error.message.replace(/^Error: /, '')))
      else {
        e.warn('memory restore of one file failed', error)
        skip(`${target.display} could not be restored (the memory folder refused it).`)
      }
    }
  }
  return { restored, skipped, bytesAfter }
}
