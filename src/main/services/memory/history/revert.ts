import { remove } from '../commands/delete'
import { rename } from '../commands/rename'
import type { Ctx } from '../context'
import { hashOf, inParent, nameOf, noteIntent, noteWrite, parentOf, probe, readIn } from '../files'
import { parseMemoryPath, type MemoryPath } from '../paths'
import { writeAtomic } from '../safe-fs'
import { ToolError } from '../tool-error'
import type { UserDone } from '../user-ops'
import type { HistoryRecord } from './journal'
import { refuseNotKept } from './not-kept'

// Undo of one entry: only when every path still holds that entry's after-state (read from the
// disk, so an outside change not yet reconciled is seen); otherwise a conflict that changes nothing.

export interface RevertConflict {
  status: 'conflict'
  path: string
  message: string
  expected: string | null
  current: string | null
}

type Text = (hash: string) => Promise<Buffer | null>

export async function revertRecord(
  ctx: Ctx,
  record: HistoryRecord,
  text: Text
): Promise<UserDone | RevertConflict> {
  // 1. Check: the after-state is still there, and the before-texts needed are in history.
  refuseNotKept(record)
  const befores = new Map<string, Buffer>()
  for (const ref of record.versions) {
    const path = parse(ref.path)
    const now = await current(ctx, path)
    if ((now === null ? null : hashOf(now)) !== ref.after) {
      return conflict(
        ref.path,
        `${ref.path} changed since entry ${record.seq}; nothing was reverted.`,
        ref.after === null ? null : await text(ref.after),
        now
      )
    }
    if (ref.from) {
      const there = await current(ctx, parse(ref.from))
      if (there !== null)
        return conflict(ref.from, `${ref.from} exists again; nothing was reverted.`, null, there)
      continue
    }
    if (ref.before === null) continue
    const bytes = await text(ref.before)
    if (!bytes) {
      const why = ref.unstored?.includes('before')
        ? 'history holds only its hash (too big, or changed outside the app before Cairn saw it)'
        : 'that version was pruned from history'
      throw new ToolError(
        'refused',
        `Error: Cannot revert entry ${record.seq}: the earlier text of ${ref.path} is not available: ${why}.`
      )
    }
    befores.set(ref.path, bytes)
  }
  // 2. Apply.
  let bytesBefore = 0
  let bytesAfter = 0
  if (record.command === 'rename' && record.versions.every((ref) => ref.from)) {
    const [from, to] = record.paths as [string, string]
    await rename(ctx, parse(to), parse(from))
    for (const ref of record.versions) bytesBefore += ref.sizeAfter ?? 0
    bytesAfter = bytesBefore
    return { paths: [to, from], bytesBefore, bytesAfter, command: 'revert' }
  }
  for (const ref of record.versions) {
    const path = parse(ref.path)
    bytesBefore += ref.sizeAfter ?? 0
    bytesAfter += ref.sizeBefore ?? 0
    const bytes = befores.get(ref.path)
    if (bytes) await put(ctx, path, bytes, ref.after === null)
    else await remove(ctx, path)
  }
  return {
    paths: record.versions.map((ref) => ref.path),
    bytesBefore,
    bytesAfter,
    command: 'revert'
  }
}

function parse(display: string): MemoryPath {
  const parsed = parseMemoryPath(display)
  if (!parsed.ok) throw new ToolError('refused', parsed.message)
  return parsed.path
}

function conflict(
  path: string,
  message: string,
  expected: Buffer | null,
  current: Buffer | null
): RevertConflict {
  return {
    status: 'conflict',
    path,
    message,
    expected: expected?.toString('utf8') ?? null,
    current: current?.toString('utf8') ?? null
  }
}

/** The bytes at `path` now, or null when nothing is there; a folder is refused as a conflict. */
async function current(ctx: Ctx, path: MemoryPath): Promise<Buffer | null> {
  const found = await probe(ctx, path)
  if (found.kind === 'missing') return null
  if (found.kind !== 'file') return Buffer.from(`(${path.display} is not a regular file)`)
  const missing = () => new ToolError('not-found', 'gone')
  try {
    return (await inParent(ctx, path, missing, (dir) => readIn(dir, path, missing))).bytes
  } catch (error) {
    if (error instanceof ToolError && error.kind === 'not-found') return null
    throw error
  }
}

/** Writes a version back (its folders made as needed); `fresh`: nothing may be there. */
async function put(ctx: Ctx, path: MemoryPath, bytes: Buffer, fresh: boolean): Promise<void> {
  noteIntent(ctx, bytes)
  const info = await ctx.fs.withDir(
    parentOf(path),
    (dir) => writeAtomic(dir, nameOf(path), bytes, fresh),
    true
  )
  noteWrite(ctx, path.rel, bytes, info)
}
