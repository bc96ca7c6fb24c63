import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  MEMORY_ROOT,
  type MemoryEntry,
  type MemoryFile,
  type MemoryListPage
} from '@shared/memory/memory'
import { checkUserCaps } from '../caps/caps'
import { create } from '../commands/create'
import type { Ctx, UserDone } from '../kernel/context'
import { archivedFile, moveAcross, pruneEmpty } from '../expiry/archive'
import { makeDueOf } from '../expiry/expiry'
import { compileGlobs } from '../core/glob'
import { bigFiles, identityOf, previewText } from '../jail/big-file'
import {
  inParent,
  nameOf,
  notFound,
  noteIntent,
  noteRead,
  noteWrite,
  probe,
  readIn
} from '../kernel/files'
import { checkFoldCollision, refusedReason } from '../kernel/names'
import { pacer, type Pace } from '../core/pace'
import { displayOf, type MemoryPath } from '../jail/paths'
import { lstat, lstatOrNull, writeAtomic } from '../jail/fs-ops'
import { type Dir } from '../jail/fs-base'
import { firstAfter, walkOrder, type ListCache, type Listed } from './list-cache'
import { WALK_MAX_DEPTH } from '../jail/walk'
import { restoredText, type RestoreChoice } from '../expiry/restore-choice'
import { credentialInName, guardName, guardWrite } from '../secret-guard'
import { ToolError } from '../core/tool-error'

// What the inspector does for the user, beyond the six commands. The user's own writes meet the
// same caps as Claude's (worded for the user); a stale overwrite is refused when the caller passes
// the hash it read.

/**
 * One page of the files and folders under `base` (hidden ones too) with index data, depth-first
 * with names sorted: entries after `cursor` (a path from the page before), at most `limit`. The
 * order comes from `cache` (kept up to date by the store) or a paced walk; only the page's entries
 * are stat'ed, so a page of a huge folder stays cheap.
 */
export async function listEntries(
  ctx: Ctx,
  base: MemoryPath,
  cursor: string | undefined,
  limit: number,
  cache?: ListCache,
  pace: Pace = pacer()
): Promise<MemoryListPage> {
  const dueOf = makeDueOf(ctx.expiry)
  const isPinned = compileGlobs(ctx.expiry.pinned)
  const entryFor = (
    rel: string,
    kind: 'file' | 'dir',
    size: number,
    credential: string | undefined
  ): MemoryEntry => {
    const pinned = isPinned(rel)
    const unreachable = refusedReason(rel) ?? (credential && `holds a credential, ${credential}`)
    if (unreachable)
      return { path: displayOf(rel), kind, size, overCap: false, pinned, unreachable }
    if (kind === 'dir') return { path: displayOf(rel), kind, size, overCap: false, pinned }
    const entry: MemoryEntry = {
      path: displayOf(rel),
      kind,
      size,
      overCap: size > ctx.limits.maxFileBytes,
      pinned
    }
    const known = ctx.index.get(rel)
    if (known) {
      Object.assign(entry, {
        created: known.created,
        modified: known.modified,
        accessed: known.accessed,
        lastActor: known.actor
      })
      if (known.read !== undefined) entry.read = known.read
      const due = dueOf(rel, known)
      if (due) entry.expiresAt = due.at
    }
    return entry
  }
  const found = await probe(ctx, base)
  if (found.kind === 'file') {
    const credential = await outsideCredential(ctx, base.rel)
    const page =
      cursor === undefined ? [entryFor(base.rel, 'file', found.info.size, credential)] : []
    return { entries: page, total: 1 }
  }
  if (found.kind !== 'dir') throw notFound(base)
  const after = cursor === undefined ? undefined : cursorSegments(cursor)
  const maxDepth = WALK_MAX_DEPTH - base.segments.length
  const pageOf = async (order: readonly Listed[], exact: boolean) => {
    const start = after === undefined ? 0 : firstAfter(order, after, false, base.segments)
    const picked = order.slice(start, start + limit)
    const sizes = await statPage(ctx, base, picked, pace)
    // A name another program gave with a key in it is out of memory (scan.ts): not openable here.
    const credentials = await Promise.all(
      picked.map((item) => outsideCredential(ctx, [...base.segments, ...item.segments].join('/')))
    )
    // An entry gone or changed kind on disk: the order is stale (an outside change not yet
    // applied); the caller walks again. A fresh walk drops what vanished since.
    if (exact && sizes.some((size) => size === null)) return null
    const entries: MemoryEntry[] = []
    picked.forEach((item, i) => {
      const size = sizes[i]
      if (size === null || size === undefined) return
      const rel = [...base.segments, ...item.segments].join('/')
      entries.push(entryFor(rel, item.kind, size, credentials[i]))
    })
    const more = start + limit < order.length
    const last = entries[entries.length - 1]
    return { entries, total: order.length, ...(more && last ? { nextCursor: last.path } : {}) }
  }
  if (cache) {
    const page = await pageOf(await cache.order(ctx, base, maxDepth, pace), true)
    if (page) return page
    cache.invalidate()
    return (await pageOf(await cache.order(ctx, base, maxDepth, pace), false)) as MemoryListPage
  }
  return (await pageOf(
    await walkOrder(ctx, base.segments, maxDepth, pace),
    false
  )) as MemoryListPage
}

/** The credential in the names of `rel` when memory does not hold it (see scan.ts). */
async function outsideCredential(ctx: Ctx, rel: string): Promise<string | undefined> {
  if (ctx.index.get(rel) || ctx.index.isFileUnder(rel)) return undefined
  return credentialInName(rel)
}

/** Sizes of a page's entries from disk; null for one that is gone or is no longer that kind. */
async function statPage(
  ctx: Ctx,
  base: MemoryPath,
  picked: readonly Listed[],
  pace: Pace
): Promise<Array<number | null>> {
  const sizes: Array<number | null> = []
  let open: { key: string; dir: Dir | null } | undefined
  try {
    for (const item of picked) {
      await pace()
      const parent = [...base.segments, ...item.segments.slice(0, -1)]
      const key = parent.join('/')
      if (open?.key !== key) {
        await open?.dir?.close()
        open = { key, dir: await ctx.fs.openDir(parent).catch(() => null) }
      }
      const info = open.dir
        ? await lstatOrNull(open.dir.at(item.segments.at(-1) ?? '')).catch(() => null)
        : null
      const same = item.kind === 'dir' ? info?.isDirectory() : info?.isFile()
      sizes.push(info && same ? info.size : null)
    }
  } finally {
    await open?.dir?.close()
  }
  return sizes
}

function cursorSegments(cursor: string): string[] {
  const rel = cursor.startsWith(`${MEMORY_ROOT}/`) ? cursor.slice(MEMORY_ROOT.length + 1) : ''
  return rel.split('/').filter((part) => part !== '')
}

/** Reads a file for the user; counts as an access unless `access` is false (a view refreshing). */
export async function readForUser(
  ctx: Ctx,
  target: MemoryPath,
  access = true
): Promise<MemoryFile> {
  const missing = () => notFound(target)
  if (target.isRoot) throw missing()
  return inParent(ctx, target, missing, async (dir) => {
    // Above the edit limit only the first part is sent, flagged, for a read-only preview.
    const read = await readIn(dir, target, missing, bigFiles.wholeBytes, bigFiles.inspectorBytes)
    const entry = noteRead(ctx, target, read, access)
    const file: MemoryFile = {
      path: target.display,
      content: read.complete
        ? read.bytes.toString('utf8')
        : previewText(read.bytes, bigFiles.inspectorBytes),
      size: read.size,
      hash: entry.hash,
      overCap: read.size > ctx.limits.maxFileBytes
    }
    if (!read.complete) file.truncated = true
    return file
  })
}

/**
 * Creates or replaces a file with exactly `typed`'s bytes. `expectedHash`: refuses if the file
 * changed since it was read (null: refuses if anything is there now); undefined: no precondition.
 */
export async function writeForUser(
  ctx: Ctx,
  target: MemoryPath,
  typed: string,
  expectedHash: string | null | undefined
): Promise<UserDone> {
  if (target.isRoot) throw new ToolError('refused', 'Error: /memories is a folder, not a file.')
  const found = await probe(ctx, target)
  // A new name is content: checked before any refusal that would quote the path.
  if (found.kind !== 'file') await guardName(ctx, target)
  if (found.kind === 'blocked')
    throw new ToolError('refused', `Error: ${found.at} is a file, not a folder.`)
  if (found.kind !== 'missing' && found.kind !== 'file') {
    throw new ToolError('refused', `Error: ${target.display} is not a regular file.`)
  }
  if (found.kind === 'missing' && typeof expectedHash === 'string') {
    throw new ToolError('conflict', `Error: ${target.display} was deleted since it was read.`)
  }
  if (found.kind === 'file' && expectedHash === null) {
    throw new ToolError('conflict', `Error: ${target.display} was created since it was read.`)
  }
  if (found.kind === 'missing') await checkFoldCollision(ctx, target, 'create')
  const missing = () => notFound(target)
  const write = async (dir: Parameters<Parameters<typeof inParent>[3]>[0]): Promise<UserDone> => {
    let before: number | null = null
    let previous: string | undefined
    if (found.kind === 'file') {
      const current = await readIn(dir, target, missing)
      before = current.size
      previous = current.complete ? current.bytes.toString('utf8') : undefined
      if (typeof expectedHash === 'string' && identityOf(current) !== expectedHash) {
        throw new ToolError(
          'conflict',
          `Error: ${target.display} changed since it was read; reload it before saving.`
        )
      }
    }
    const { text: content } = await guardWrite(ctx, {
      display: target.display,
      text: typed,
      ...(previous !== undefined ? { before: previous } : {})
    })
    checkUserCaps(
      ctx,
      {
        display: target.display,
        verb: before === null ? 'create' : 'edit',
        oldSize: before ?? 0,
        newSize: Buffer.byteLength(content)
      },
      'save'
    )
    const hash = noteIntent(ctx, content)
    const info = await writeAtomic(dir, nameOf(target), content, false)
    noteWrite(ctx, target.rel, content, info, undefined, hash)
    return { paths: [target.display], bytesBefore: before, bytesAfter: info.size }
  }
  return inParent(ctx, target, missing, write, true)
}

/** Creates a file (`kind: 'file'`) or a folder; never replaces anything. */
export async function createForUser(
  ctx: Ctx,
  target: MemoryPath,
  content: string,
  kind: 'file' | 'dir'
): Promise<UserDone> {
  await guardName(ctx, target, kind === 'dir' ? 'folder' : 'file')
  if (kind === 'file') {
    // Refused before create looks: it would otherwise word a cap for Claude.
    const found = await probe(ctx, target)
    if (found.kind === 'missing') {
      checkUserCaps(
        ctx,
        {
          display: target.display,
          verb: 'create',
          oldSize: 0,
          newSize: Buffer.byteLength(content)
        },
        'create'
      )
    }
    const done = await create(ctx, target, content)
    return { paths: done.paths, bytesBefore: null, bytesAfter: done.bytesAfter }
  }
  await checkFoldCollision(ctx, target, 'create')
  const found = await probe(ctx, target)
  if (found.kind === 'blocked')
    throw new ToolError('refused', `Error: ${found.at} is a file, not a folder.`)
  if (found.kind !== 'missing')
    throw new ToolError('exists', `Error: ${target.display} already exists`)
  await ctx.fs.withDir(target.segments, async () => undefined, true)
  return { paths: [target.display], bytesBefore: null, bytesAfter: null, command: 'mkdir' }
}

/**
 * Puts an archived file back where it was; it counts as new (fresh created/accessed times), and
 * its own `expires:` date is kept, removed or extended as `choice` says (see restore-choice.ts).
 */
export async function restoreForUser(
  ctx: Ctx,
  archiveRoot: string,
  archiveId: string,
  target: MemoryPath,
  choice: RestoreChoice = {}
): Promise<UserDone> {
  const source = archivedFile(archiveRoot, archiveId, target.segments)
  const info = await lstatOrNull(source)
  if (!info?.isFile()) {
    throw new ToolError('not-found', `Error: ${target.display} is not in the archive ${archiveId}.`)
  }
  await checkFoldCollision(ctx, target, 'restore')
  const found = await probe(ctx, target)
  if (found.kind !== 'missing') {
    throw new ToolError(
      'exists',
      `Error: ${target.display} already exists; rename or delete it first.`
    )
  }
  const text = await restoredText(source, target, choice, ctx.now())
  const missing = () => notFound(target)
  await inParent(
    ctx,
    target,
    missing,
    async (dir) => {
      if (text !== undefined) {
        const written = await writeAtomic(dir, nameOf(target), text, true)
        await rm(source)
        noteWrite(ctx, target.rel, text, written, ctx.now())
        return
      }
      await moveAcross(source, dir.at(nameOf(target)))
      await dir.sync()
      const read = await readIn(dir, target, missing)
      noteWrite(ctx, target.rel, read.bytes, await lstat(dir.at(nameOf(target))), ctx.now())
    },
    true
  )
  await pruneEmpty(join(source, '..'), archiveRoot)
  const size = text === undefined ? info.size : Buffer.byteLength(text)
  return { paths: [target.display], bytesBefore: null, bytesAfter: size }
}
