import { checkUserCaps } from '../caps/caps'
import { pruneEmptyParents } from '../expiry/archive'
import { remove } from '../commands/delete'
import { rename } from '../commands/rename'
import type { Ctx } from '../kernel/context'
import {
  hashOf,
  inParent,
  nameOf,
  noteIntent,
  noteWrite,
  parentOf,
  probe,
  readIn
} from '../kernel/files'
import { parseMemoryPath, type MemoryPath } from '../jail/paths'
import { writeAtomic } from '../jail/fs-ops'
import { describeFindings, findSecrets } from '../secret-guard'
import { ToolError } from '../core/tool-error'
import type { UserDone } from '../kernel/context'
import type { HistoryRecord } from './journal'
import { BLOB_MAX_BYTES, refuseNotKept } from './not-kept'

// Undo of one entry: only when every path still holds that entry's after-state (read from the
// disk, so an outside change not yet reconciled is seen); otherwise a conflict that changes nothing.

export interface RevertConflict {
  status: 'conflict'
  path: string
  message: string
  expected: string | null
  current: string | null
  change?: 'create' | 'edit' | 'delete' | 'move'
  currentHash?: string | null
}

/** Paths the user chose to undo over (path → the hash they compared; null: no file there). */
export type Overwrite = ReadonlyMap<string, string | null>

type Text = (hash: string) => Promise<Buffer | null>

export async function revertRecord(
  ctx: Ctx,
  record: HistoryRecord,
  text: Text,
  forgotten: ReadonlySet<string> = new Set(),
  overwrite: Overwrite = new Map()
): Promise<UserDone | RevertConflict> {
  const seq = record.seq
  if (record.command === 'import-history')
    throw new ToolError(
      'refused',
      `Error: Entry ${seq} only added an archive's earlier versions to history; it changed no file. Undo the import entry after it to take the imported files back out.`
    )
  // 1. Check: the after-state is still there, and the before-texts needed are in history.
  refuseNotKept(record)
  const befores = new Map<string, Buffer>()
  const currents = new Map<string, Buffer>()
  for (const ref of record.versions) {
    const path = parse(ref.path)
    const now = await current(ctx, path)
    const nowHash = now === null ? null : hashOf(now)
    // The user compared and chose to undo over what is there now, if it is still exactly that.
    const agreed = !ref.from && overwrite.has(ref.path) && overwrite.get(ref.path) === nowHash
    if (nowHash !== ref.after && !agreed) {
      const found = conflict(
        ref.path,
        `${ref.path} changed since entry ${seq}; nothing was reverted.`,
        ref.after === null ? null : await text(ref.after),
        now
      )
      const regular = now === null || (await probe(ctx, path)).kind === 'file'
      return {
        ...found,
        change: changeOf(ref),
        ...(regular && !ref.from ? { currentHash: nowHash } : {})
      }
    }
    if (now) currents.set(ref.path, now)
    if (ref.from) {
      const there = await current(ctx, parse(ref.from))
      if (there !== null)
        return conflict(ref.from, `${ref.from} exists again; nothing was reverted.`, null, there)
      continue
    }
    if (ref.before === null) continue
    const bytes = await text(ref.before)
    if (!bytes) {
      const why = forgotten.has(ref.before)
        ? 'that version was forgotten from history at your request'
        : ref.unstored?.includes('before')
          ? 'history holds only its hash (too big, or changed outside the app before Cairn saw it)'
          : 'that version was pruned from history'
      throw new ToolError(
        'refused',
        `Error: Cannot revert entry ${seq}: the earlier text of ${ref.path} is not available: ${why}.`
      )
    }
    befores.set(ref.path, bytes)
  }
  // What the undo overwrites or removes must be kept somewhere: history, or it is refused.
  for (const [display, bytes] of currents) {
    if (bytes.byteLength > BLOB_MAX_BYTES && !isMove(record, display))
      throw new ToolError(
        'refused',
        `Error: Cannot revert entry ${seq}: ${display} is too big for history to keep, so undoing would lose its current text.`
      )
  }
  // The same checks as any write: caps and the secret guard, on every text brought back.
  for (const [display, bytes] of befores)
    await checkRestore(ctx, parse(display), bytes, currents.get(display))
  // 2. Apply what the record did, backwards: moves move back, writes put the old text back.
  let bytesBefore = 0
  let bytesAfter = 0
  const whole = wholeMove(record)
  if (whole) {
    await rename(ctx, parse(whole.to), parse(whole.from))
    await pruneEmptyParents(ctx, parse(whole.to))
    for (const ref of record.versions) bytesBefore += ref.sizeAfter ?? 0
    return {
      paths: [whole.to, whole.from],
      bytesBefore,
      bytesAfter: bytesBefore,
      command: 'revert'
    }
  }
  // Where a file went from: the folders the entry made for it go once they are empty again.
  const left: MemoryPath[] = []
  for (const ref of record.versions) {
    const path = parse(ref.path)
    bytesBefore += ref.sizeAfter ?? 0
    bytesAfter += ref.sizeBefore ?? 0
    const bytes = befores.get(ref.path)
    if (ref.from) await rename(ctx, path, parse(ref.from))
    else if (bytes) await put(ctx, path, bytes, !currents.has(ref.path))
    // A create undone over a file since deleted: nothing is left to remove.
    else if (currents.has(ref.path)) await remove(ctx, path)
    else continue
    if (ref.from || !bytes) left.push(path)
  }
  for (const path of left) await pruneEmptyParents(ctx, path)
  return {
    paths: record.versions.flatMap((ref) => (ref.from ? [ref.path, ref.from] : [ref.path])),
    bytesBefore,
    bytesAfter,
    command: 'revert'
  }
}

/** A conflict's words for an undo that goes file by file: the file stays, the rest goes on. */
export function leftAsIs(message: string): string {
  return message.replace(/; nothing was reverted\.$/, '; it was left as it is.')
}

/**
 * A record that moved one file or folder (a rename, or the undo of one: `paths` is [source,
 * destination]) with every file it names moved: undone by one move back.
 */
export function wholeMove(record: HistoryRecord): { from: string; to: string } | undefined {
  const [from, to] = record.paths
  if (record.paths.length !== 2 || !from || !to) return undefined
  const moved = record.versions.length > 0 && record.versions.every((ref) => ref.from)
  return moved ? { from, to } : undefined
}

/** What a record did to one path, as the undo's choices say it. */
function changeOf(ref: HistoryRecord['versions'][number]): NonNullable<RevertConflict['change']> {
  if (ref.from) return 'move'
  if (ref.before === null) return 'create'
  return ref.after === null ? 'delete' : 'edit'
}

function isMove(record: HistoryRecord, display: string): boolean {
  return record.versions.some((ref) => ref.path === display && ref.from)
}

/** Caps and the secret guard for a version about to be written back (refusals name why). */
async function checkRestore(ctx: Ctx, path: MemoryPath, bytes: Buffer, now: Buffer | undefined) {
  checkUserCaps(
    ctx,
    {
      display: path.display,
      verb: now ? 'edit' : 'create',
      oldSize: now?.byteLength ?? 0,
      newSize: bytes.byteLength
    },
    'restore'
  )
  if (!ctx.guard || ctx.guard.mode === 'allow') return
  const before = now?.toString('utf8')
  const restored = bytes.toString('utf8')
  const found = (await findSecrets(restored)).filter(
    (f) => before === undefined || !before.includes(restored.slice(f.start, f.end))
  )
  if (found.length)
    throw new ToolError(
      'secret',
      `Error: Cannot restore ${path.display}: that version contains ${describeFindings(found)}, and memory must not hold secrets. Nothing was changed; Memory → Activity still shows that version if you need part of it.`
    )
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
    const bytes = (await inParent(ctx, path, missing, (dir) => readIn(dir, path, missing))).bytes
    ctx.keep?.(hashOf(bytes), bytes) // what the undo replaces stays in history
    return bytes
  } catch (error) {
    if (error instanceof ToolError && error.kind === 'not-found') return null
    throw error
  }
}

/** Writes a version back (its folders made as needed); `fresh`: nothing may be there. */
async function put(ctx: Ctx, path: MemoryPath, bytes: Buffer, fresh: boolean): Promise<void> {
  const hash = noteIntent(ctx, bytes)
  const info = await ctx.fs.withDir(
    parentOf(path),
    (dir) => writeAtomic(dir, nameOf(path), bytes, fresh),
    true
  )
  noteWrite(ctx, path.rel, bytes, info, undefined, hash)
}
