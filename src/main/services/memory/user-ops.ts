import { join } from 'node:path'
import type { MemoryEntry, MemoryFile } from '@shared/memory'
import type { ActivityCommand } from '@shared/memory'
import { create } from './commands/create'
import type { Ctx, Done } from './context'
import { archivedFile, makeDueOf, moveAcross, pruneEmpty } from './expiry'
import { compileGlobs } from './glob'
import { hashOf, inParent, nameOf, noteIntent, noteRead, noteWrite, probe, readIn } from './files'
import { checkFoldCollision, refusedReason } from './names'
import { displayOf, TEMP_NAME, type MemoryPath } from './paths'
import { lstat, lstatOrNull, walkTree, writeAtomic } from './safe-fs'
import { ToolError } from './tool-error'

// What the inspector does for the user, beyond the six commands. The user's own writes are not
// capped (only flagged); a stale overwrite is refused when the caller passes the hash it read.

export type UserDone = Omit<Done, 'content'> & { command?: ActivityCommand }

export function notFound(path: MemoryPath): ToolError {
  return new ToolError('not-found', `Error: The path ${path.display} does not exist`)
}

/** Every file and folder under `base` (hidden ones too), sorted, with index data. */
export async function listEntries(ctx: Ctx, base: MemoryPath): Promise<MemoryEntry[]> {
  const dueOf = makeDueOf(ctx.expiry)
  const isPinned = compileGlobs(ctx.expiry.pinned)
  const entryFor = (rel: string, kind: 'file' | 'dir', size: number): MemoryEntry => {
    const pinned = isPinned(rel)
    const unreachable = refusedReason(rel)
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
      const due = dueOf(rel, known)
      if (due) entry.expiresAt = due.at
    }
    return entry
  }
  const found = await probe(ctx, base)
  if (found.kind === 'file') return [entryFor(base.rel, 'file', found.info.size)]
  if (found.kind !== 'dir') throw notFound(base)
  const entries: MemoryEntry[] = []
  await ctx.fs.withDir(base.segments, (dir) =>
    walkTree(
      dir,
      (item) =>
        entries.push(
          entryFor([...base.segments, ...item.segments].join('/'), item.kind, item.size)
        ),
      (name) => TEMP_NAME.test(name)
    )
  )
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** Reads a file for the user; counts as an access. */
export async function readForUser(ctx: Ctx, target: MemoryPath): Promise<MemoryFile> {
  const missing = () => notFound(target)
  if (target.isRoot) throw missing()
  return inParent(ctx, target, missing, async (dir) => {
    const read = await readIn(dir, target, missing)
    const entry = noteRead(ctx, target, read, true)
    return {
      path: target.display,
      content: read.bytes.toString('utf8'),
      size: read.size,
      hash: entry.hash,
      overCap: read.size > ctx.limits.maxFileBytes
    }
  })
}

/** Creates or replaces a file; with `expectedHash`, refuses if it changed since it was read. */
export async function writeForUser(
  ctx: Ctx,
  target: MemoryPath,
  content: string,
  expectedHash: string | undefined
): Promise<UserDone> {
  if (target.isRoot) throw new ToolError('refused', 'Error: /memories is a folder, not a file.')
  const found = await probe(ctx, target)
  if (found.kind === 'blocked')
    throw new ToolError('refused', `Error: ${found.at} is a file, not a folder.`)
  if (found.kind !== 'missing' && found.kind !== 'file') {
    throw new ToolError('refused', `Error: ${target.display} is not a regular file.`)
  }
  if (found.kind === 'missing' && expectedHash !== undefined) {
    throw new ToolError('conflict', `Error: ${target.display} was deleted since it was read.`)
  }
  if (found.kind === 'missing') await checkFoldCollision(ctx, target, 'create')
  const missing = () => notFound(target)
  const write = async (dir: Parameters<Parameters<typeof inParent>[3]>[0]): Promise<UserDone> => {
    let before: number | null = null
    if (found.kind === 'file') {
      const current = await readIn(dir, target, missing)
      before = current.size
      if (expectedHash !== undefined && hashOf(current.bytes) !== expectedHash) {
        throw new ToolError(
          'conflict',
          `Error: ${target.display} changed since it was read; reload it before saving.`
        )
      }
    }
    noteIntent(ctx, content)
    const info = await writeAtomic(dir, nameOf(target), content, false)
    noteWrite(ctx, target.rel, content, info)
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
  if (kind === 'file') {
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

/** Puts an archived file back where it was; it counts as new (fresh created/accessed times). */
export async function restoreForUser(
  ctx: Ctx,
  archiveRoot: string,
  archiveId: string,
  target: MemoryPath
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
  const missing = () => notFound(target)
  await inParent(
    ctx,
    target,
    missing,
    async (dir) => {
      await moveAcross(source, dir.at(nameOf(target)))
      await dir.sync()
      const read = await readIn(dir, target, missing)
      noteWrite(ctx, target.rel, read.bytes, await lstat(dir.at(nameOf(target))), ctx.now())
    },
    true
  )
  await pruneEmpty(join(source, '..'), archiveRoot)
  return { paths: [target.display], bytesBefore: null, bytesAfter: info.size }
}
