import {
  MEMORY_LIST_DEFAULT,
  type ActivityPage,
  type ActivityQuery,
  type ExpiryPolicyPatch,
  type MemoryCreateInput,
  type MemoryFile,
  type MemoryListInput,
  type MemoryActor,
  type MemoryListPage,
  type MemoryMutation,
  type MemoryRenameInput,
  type MemoryWriteInput
} from '@shared/memory/memory'
import { type ArchivedItem, type ExpiryPreviewItem, type RestoreInput } from '@shared/memory/expiry'
import type { MemorySearchPage, MemorySearchResult } from '@shared/memory/search'
import type { ArchiveInput, CapImpact, CapImpactInput } from '@shared/memory/caps'
import { CairnError } from '@shared/errors'
import type { SecretScanResult } from '@shared/memory/secret-scan'
import { capImpact as impactOf } from '../caps/impact'
import { remove } from '../commands/delete'
import { listArchived as archived } from '../expiry/archive'
import { preview } from '../expiry/expiry'
import { pacer } from '../core/pace'
import { archiveFiles, archiveMessage } from '../inspector/archive-ops'
import { searchFolder } from '../inspector/search'
import {
  createForUser,
  listEntries,
  readForUser,
  restoreForUser,
  writeForUser
} from '../inspector/user-ops'
import { guardOutsideName, scanFolder } from '../secret-guard'
import { ToolError } from '../core/tool-error'
import type { Ctx } from '../kernel/context'
import { SYSTEM, USER, type Engine } from './engine'
import { inspect, toCairn } from './inspect-calls'
import { inspectMutation } from './mutation'
import { appendMoved, tracked } from './record'
import { catchUp } from './outside-calls'
import { renameKeepingPins } from './rename'
import type { ReadHow } from '../service'

// The inspector's calls: what the user sees and does in the memory panel. Inputs come typed: the
// IPC registry validated them against the contract, once. What the engine must refuse whoever
// asks (paths, archive names, caps) it checks itself.

/**
 * One page of the files and folders under `path` (default the root), hidden ones included,
 * depth-first with names sorted; pass `nextCursor` back as `cursor` for the next page.
 */
export function list(e: Engine, input: MemoryListInput = {}): Promise<MemoryListPage> {
  return inspect(e, () => {
    const { path, cursor, limit } = input
    return listEntries(
      e.ctx(USER, false),
      e.path(path ?? '/memories'),
      cursor,
      limit ?? MEMORY_LIST_DEFAULT,
      e.listing
    )
  })
}

/** Reads a file for the user: an access, unless it only refreshes a view (`how.refresh`). */
export function read(e: Engine, path: string, how: ReadHow = {}): Promise<MemoryFile> {
  return inspect(e, async () => {
    await guardOutsideName(e.ctx(USER, false), e.path(path))
    await catchUp(e, [e.path(path).display], true)
    const file = await readForUser(e.ctx(USER, false), e.path(path), !how.refresh)
    e.scheduleFlush()
    return file
  })
}

/**
 * Creates or replaces a file with the user's text. With `expectedHash` (from `read`), a file
 * changed since (by Claude or another program) is not overwritten: the call fails with
 * MEMORY_CONFLICT. The memory caps apply to the user's edits too (MEMORY_CAP names the setting).
 */
export function write(e: Engine, input: MemoryWriteInput): Promise<MemoryMutation> {
  return inspectMutation(e, 'write', input, (ctx) => {
    const { path, content, expectedHash, secrets } = input
    return writeForUser(e.userGuarded(ctx, secrets), e.path(path), content, expectedHash)
  })
}

/**
 * Sync's one write: the file's bytes become exactly `content`'s UTF-8, if it still holds the bytes
 * `expect` names (null: if nothing is there). No frame is re-applied (a pulled text carries its
 * own BOM and line endings); caps, the guard (as for Claude's writes), history and the activity
 * entry apply as to any change. A different file there fails with MEMORY_CONFLICT.
 */
export function putExact(
  e: Engine,
  input: { path: string; content: string; expect: string | null },
  actor: MemoryActor
): Promise<MemoryMutation> {
  const { path, content, expect } = input
  const command = expect === null ? 'create' : 'write'
  // What arrives from another device meets the guard as Claude's writes do.
  const guard = e.claudeCtx(actor).guard
  const task = (ctx: Ctx) => writeForUser({ ...ctx, guard }, e.path(path), content, expect)
  return inspectMutation(e, command, { path }, task, actor)
}

/** Creates a new file (capped like a write) or folder; fails if anything is there. */
export function create(e: Engine, input: MemoryCreateInput): Promise<MemoryMutation> {
  const kind = input.kind ?? 'file'
  return inspectMutation(e, kind === 'dir' ? 'mkdir' : 'create', input, (ctx) =>
    createForUser(e.userGuarded(ctx, input.secrets), e.path(input.path), input.content, kind)
  )
}

export function rename(e: Engine, input: MemoryRenameInput): Promise<MemoryMutation> {
  return inspectMutation(e, 'rename', input, async (ctx) => {
    const { from, to } = input
    // The user's new name meets the guard as the user's saves do.
    return renameKeepingPins(e, e.userGuarded(ctx, undefined), e.path(from), e.path(to))
  })
}

export function deleteFile(e: Engine, path: string): Promise<MemoryMutation> {
  return inspectMutation(e, 'delete', { path }, (ctx) => remove(ctx, e.path(path)))
}

/**
 * "Scan memory for secrets": findings (file, line, kind; never the secret) across the folder.
 * Runs beside the queue, not in it: it only reads, in slices, so Claude's and the user's
 * writes are not held up by a long scan. A second request while one runs shares it.
 */
export function scanSecrets(e: Engine): Promise<SecretScanResult> {
  if (e.closed) return Promise.reject(e.closedError())
  return e.scanning.run(() =>
    scanFolder(e.ctx(SYSTEM, false)).catch((error: unknown) => {
      throw toCairn(e, error)
    })
  )
}

/**
 * Memory → search: names and contents, any case. Beside the queue like the scan (it only
 * reads); texts are cached by hash, so a search after the first reads only what changed.
 */
export async function search(
  e: Engine,
  query: string,
  page: MemorySearchPage = {}
): Promise<MemorySearchResult> {
  if (e.closed) throw e.closedError()
  return searchFolder(e.ctx(SYSTEM, false), query, page, e.texts, pacer()).catch(
    (error: unknown) => {
      throw toCairn(e, error)
    }
  )
}

export function activity(e: Engine, query: ActivityQuery = {}): Promise<ActivityPage> {
  return inspect(e, () => e.parts.log.query(query))
}

/** Which of `seqs` an undo has undone (an ok entry whose `revertOf` names it), for the chips. */
export function undone(e: Engine, seqs: readonly number[]): Promise<number[]> {
  return inspect(e, async () => {
    if (seqs.length === 0) return []
    const wanted = new Set(seqs)
    const after = await e.parts.log.entriesAfter(Math.min(...seqs))
    const found = after.flatMap((entry) =>
      entry.revertOf !== undefined && entry.outcome === 'ok' && wanted.has(entry.revertOf)
        ? [entry.revertOf]
        : []
    )
    return [...new Set(found)]
  })
}

/**
 * Files that will expire within `days` (0 = due now), soonest first: under the saved policy, or
 * under `draft` changed from it (Settings asks before anything is saved).
 */
export function expiryPreview(
  e: Engine,
  days: number,
  draft?: ExpiryPolicyPatch
): Promise<ExpiryPreviewItem[]> {
  return inspect(e, async () => {
    if (!Number.isFinite(days) || days < 0)
      throw new ToolError('invalid', 'Error: days must be 0 or more.')
    const ctx = e.ctx(SYSTEM, false)
    return preview(ctx, days, draft ? { ...ctx.expiry, ...draft } : ctx.expiry)
  })
}

/** Usage against these caps (or those in force), with the files that could make room. */
export function capImpact(e: Engine, input?: CapImpactInput): Promise<CapImpact> {
  return inspect(e, async () => impactOf(e.ctx(USER, false), input))
}

export function listArchived(e: Engine): Promise<ArchivedItem[]> {
  return inspect(e, () => archived(e.parts.archiveRoot))
}

/**
 * Puts an archived file back where it was; it counts as new (fresh created/accessed times). Its
 * own `expires:` date is kept while still to come, or removed or extended as the input says.
 */
export function restoreArchived(e: Engine, input: RestoreInput): Promise<MemoryMutation> {
  return inspectMutation(e, 'restore', input, (ctx) => {
    const { archiveId, path, expires, until } = input
    return restoreForUser(ctx, e.parts.archiveRoot, archiveId, e.path(path), { expires, until })
  })
}

/**
 * The user's "archive to make room": moves the chosen files into a new archive folder, one
 * activity entry each (with history, so each can be undone or restored from the archive).
 */
export function archive(e: Engine, input: ArchiveInput): Promise<MemoryMutation> {
  return inspect(e, async () => {
    const targets = [
      ...new Map(input.paths.map((raw) => e.path(raw)).map((p) => [p.rel, p])).values()
    ]
    const ctx = e.ctx(USER, false)
    const [{ moved, failure }, versions] = await tracked(
      e,
      ctx,
      targets.map((target) => target.display),
      'read',
      (c) => archiveFiles(c, e.parts.archiveRoot, targets)
    )
    await appendMoved(e, USER, 'archive', moved, versions, archiveMessage)
    if (moved.length) {
      e.listing.touch(moved.map((item) => item.path))
      e.emit(
        moved.map((item) => item.path),
        USER
      )
      e.scheduleFlush()
    }
    if (failure) {
      const done = moved.length ? `${moved.length} of ${targets.length} files were archived. ` : ''
      throw new CairnError(
        'MEMORY_IO',
        `${done}${e.scrub(failure.message.replace(/^Error: /, ''))}`
      )
    }
    return { paths: moved.map((item) => item.path), usage: e.usage() }
  })
}
