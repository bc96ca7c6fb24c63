import { isAscii } from 'node:buffer'
import type { Stats } from 'node:fs'
import type { Ctx } from './context'
import { bytesText } from '../core/format'
import { frontMatterExpiry, opensFrontMatter } from '../core/front-matter'
import type { IndexEntry } from '../ledger/index-store'
import { statRecord, stillSame, trustOrAdopt, type StatIdentity } from '../ledger/stat-trust'
import { spelledAsOnDisk } from './names'
import { displayOf, type MemoryPath } from '../jail/paths'
import { bigFiles, hashOf, headText, identityOf, readBounded, statKey } from '../jail/big-file'
import { FsProblem, type Dir, type FileRead, type RegularFile } from '../jail/fs-base'
import { lstatOrNull, openRegular } from '../jail/fs-ops'
import { unframe, type Frame } from '../core/text-frame'
import { linkRefusal } from '../jail/io-failure'
import { ToolError } from '../core/tool-error'

export type Framed = { text: string; frame: Frame }

export type Probe =
  | { kind: 'file' | 'dir' | 'link' | 'other'; info: Stats }
  | { kind: 'missing' }
  /** A folder on the way is a file. */
  | { kind: 'blocked'; at: string }

export function parentOf(path: MemoryPath): readonly string[] {
  return path.segments.slice(0, -1)
}

export function nameOf(path: MemoryPath): string {
  return path.segments.at(-1) ?? ''
}

/** Turns a problem on the way to `path` into the message a command shows, or rethrows. */
export function wayProblem(path: MemoryPath, error: unknown, missing: () => ToolError): never {
  if (error instanceof FsProblem) {
    const at = displayOf(path.segments.slice(0, error.depth + 1).join('/'))
    if (error.kind === 'symlink')
      throw linkRefusal(path.display, error.depth < 0 ? path.display : at)
    if (error.kind === 'missing' || error.kind === 'not-dir' || error.kind === 'not-file')
      throw missing()
  }
  throw error
}

/** What is at `path` now, without following any link. */
export async function probe(ctx: Ctx, path: MemoryPath): Promise<Probe> {
  if (path.isRoot) {
    return { kind: 'dir', info: await ctx.fs.withDir([], (dir) => dir.stat()) }
  }
  try {
    return await ctx.fs.withDir(parentOf(path), (dir) => probeIn(ctx, dir, path))
  } catch (error) {
    if (error instanceof FsProblem && error.kind === 'symlink')
      wayProblem(path, error, () => error as never)
    if (error instanceof FsProblem && error.kind === 'missing') return { kind: 'missing' }
    if (error instanceof FsProblem && error.kind === 'not-dir') {
      return { kind: 'blocked', at: displayOf(path.segments.slice(0, error.depth + 1).join('/')) }
    }
    throw error
  }
}

/** `probe` in `dir`, the folder holding `path`, already open. */
export async function probeIn(ctx: Ctx, dir: Dir, path: MemoryPath): Promise<Probe> {
  const info = await lstatOrNull(dir.at(nameOf(path)))
  if (!info) return { kind: 'missing' }
  // A case-insensitive filesystem finds NOTES.md for notes.md: that is not this name.
  if (!(await spelledAsOnDisk(ctx, path))) return { kind: 'missing' }
  const kind = info.isFile()
    ? 'file'
    : info.isDirectory()
      ? 'dir'
      : info.isSymbolicLink()
        ? 'link'
        : 'other'
  return { kind, info }
}

/** Opens the file at `dir/name`, mapping what is not a readable file to `missing()`. */
export async function openIn(
  dir: Dir,
  path: MemoryPath,
  missing: () => ToolError
): Promise<RegularFile> {
  try {
    return await openRegular(dir.at(nameOf(path)))
  } catch (error) {
    return wayProblem(path, error, missing)
  }
}

/**
 * Reads the file at `dir/name` (whole up to `upTo` bytes, else only its start: see big-file.ts),
 * mapping what is not a readable file to `missing()`.
 */
export async function readIn(
  dir: Dir,
  path: MemoryPath,
  missing: () => ToolError,
  upTo = bigFiles.wholeBytes,
  prefixBytes?: number
): Promise<FileRead> {
  const file = await openIn(dir, path, missing)
  try {
    return await readBounded(file, upTo, prefixBytes)
  } finally {
    file.close()
  }
}

/**
 * `readIn` for a command about to change the file: the bytes its catch-up read and hashed a
 * moment ago when the file still has the stat they were read under (see fresh-reads.ts).
 */
export async function readForChange(
  ctx: Ctx,
  dir: Dir,
  path: MemoryPath,
  missing: () => ToolError
): Promise<FileRead> {
  const file = await openIn(dir, path, missing)
  try {
    return ctx.fresh?.take(path.rel, file.info) ?? (await readBounded(file))
  } finally {
    file.close()
  }
}

export { hashOf }

// ignoreBOM: the BOM stays in the decoded text, so the frame keeps it (text-frame.ts).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * Text of a file that may be edited: only valid UTF-8 (an edit must not mangle other bytes), as
 * LF text without a BOM plus the frame that puts those bytes back on write.
 */
export function editableText(read: FileRead, path: MemoryPath): Framed {
  if (!read.complete) {
    throw new ToolError(
      'refused',
      `Error: ${path.display} is ${bytesText(read.size)}, too large to edit with this command (the limit is ${bytesText(bigFiles.wholeBytes)}). Nothing was changed. Read it in parts with view and view_range, create smaller files with what should be kept, then delete this one.`
    )
  }
  try {
    // ASCII is valid UTF-8 and decodes as Latin-1 does, without the strict decoder's checks.
    return unframe(
      isAscii(read.bytes) ? read.bytes.toString('latin1') : strictUtf8.decode(read.bytes)
    )
  } catch {
    throw new ToolError(
      'refused',
      `Error: ${path.display} is not UTF-8 text, so it cannot be edited with this command. Delete it or replace it with create.`
    )
  }
}

/** The index already knows this version of the file (so noteRead needs no content to hash). */
export function isKnown(ctx: Ctx, path: MemoryPath, info: StatIdentity): boolean {
  return stillSame(ctx.index.get(path.rel), info)
}

/**
 * Brings the index entry for a file just read up to date: unknown or changed-behind-our-back files
 * are (re)hashed and attributed to `external`; `accessed` marks a read by Claude or the user.
 */
export function noteRead(
  ctx: Ctx,
  path: MemoryPath,
  read: FileRead,
  accessed: boolean,
  /** Rehash even when size and time match (a watcher event: timestamps are coarse). */
  force = false
): IndexEntry {
  const now = ctx.now()
  const known = ctx.index.get(path.rel)
  let entry: IndexEntry
  let changed = false
  if (known && !force && trustOrAdopt(ctx.index, path.rel, read)) {
    entry = ctx.index.get(path.rel) ?? known // adopted: the same entry with its inode now
  } else {
    const hash = identityOf(read)
    if (read.complete) {
      // Hashed from these bytes: the command about to change the file may take them (fresh-reads.ts).
      read.hash = hash
      ctx.fresh?.remember(path.rel, read)
    }
    changed = !known || known.hash !== hash
    // A file first seen starts every clock from its own mtime, not from the day Cairn found it.
    const mtime = Math.min(now, Math.round(read.mtimeMs))
    const { ino, statAt } = statRecord(read)
    entry = {
      created: known?.created ?? mtime,
      modified: changed ? mtime : (known?.modified ?? mtime),
      accessed: known?.accessed ?? mtime,
      size: read.size,
      hash,
      mtimeMs: read.mtimeMs,
      ino,
      statAt,
      actor: changed ? { kind: 'external' } : (known?.actor ?? { kind: 'external' })
    }
    if (known?.read !== undefined) entry.read = known.read
    // Added only when there is one, never added and deleted: a deleted property turns each of
    // 100,000 entries into a slow dictionary object (a cold open's time, its GC, every save).
    const expiresAt = expiryInBytes(read.bytes)
    if (expiresAt !== undefined) entry.expiresAt = expiresAt
  }
  if (accessed) entry = { ...entry, accessed: now, read: now }
  if (entry !== known) ctx.index.set(path.rel, entry)
  // A big file's read holds only its start: that is no version of it.
  // Still on disk: its record may wait for the command's own sync (history/group-sync.ts).
  if (read.complete && (changed || !ctx.keepChangesOnly)) ctx.keep?.(entry.hash, read.bytes, true)
  return entry
}

/**
 * Bytes a command is about to write: history starts keeping them now, beside the write. Answers
 * their sha256, for `noteWrite` (one hash of them per command).
 */
export function noteIntent(ctx: Ctx, data: string | Uint8Array, hash = hashOf(data)): string {
  ctx.keep?.(hash, data)
  return hash
}

/** Records a write by `ctx.actor`; `hash`: the sha256 of `data` when `noteIntent` had it. */
export function noteWrite(
  ctx: Ctx,
  rel: string,
  data: string | Uint8Array,
  info: Stats,
  created?: number,
  hash?: string
): IndexEntry {
  const now = ctx.now()
  const known = ctx.index.get(rel)
  const entry: IndexEntry = {
    created: created ?? known?.created ?? now,
    modified: now,
    accessed: now,
    size: info.size,
    hash: info.size > bigFiles.wholeBytes ? statKey(info) : (hash ?? hashOf(data)),
    mtimeMs: info.mtimeMs,
    ...statRecord(info),
    actor: ctx.actor
  }
  const expiresAt =
    typeof data === 'string' ? frontMatterExpiry(data.slice(0, 4096)) : expiryInBytes(data)
  if (expiresAt !== undefined) entry.expiresAt = expiresAt
  // A write is not a read: the last read stays (a fresh `created` means a new file, never read).
  if (known?.read !== undefined && created === undefined) entry.read = known.read
  ctx.index.set(rel, entry)
  ctx.keep?.(entry.hash, data)
  return entry
}

/** The front-matter expiry of a file's bytes; only a head that can open a block is decoded. */
function expiryInBytes(bytes: Uint8Array): number | undefined {
  return opensFrontMatter(bytes) ? frontMatterExpiry(headText(bytes)) : undefined
}

/** Runs `fn` in the folder holding `path`; a missing or blocked way reads as `missing()`. */
export async function inParent<T>(
  ctx: Ctx,
  path: MemoryPath,
  missing: () => ToolError,
  fn: (dir: Dir) => Promise<T>,
  create = false
): Promise<T> {
  let dir: Dir
  try {
    dir = await ctx.fs.openDir(parentOf(path), create)
  } catch (error) {
    return wayProblem(path, error, missing)
  }
  // Existing paths only by their exact names (see probe); a create's callers check folding first.
  if (!create && !(await spelledAsOnDisk(ctx, path).catch(() => true))) {
    await dir.close()
    throw missing()
  }
  try {
    return await fn(dir)
  } finally {
    await dir.close()
  }
}

/**
 * For a path that does not exist: a sentence saying it expired, when it did (a new situation the
 * documented strings do not cover), so Claude knows why and what can bring it back.
 */
export function expiredNote(ctx: Ctx, path: MemoryPath, closeSentence = false): string {
  const note = ctx.index.expired.get(path.rel)
  if (!note || ctx.index.get(path.rel)) return ''
  const day = new Date(note.at).toISOString().slice(0, 10)
  const why =
    note.reason === 'front-matter'
      ? ' (its front-matter expires date passed)'
      : note.reason === 'idle'
        ? ' (not read or changed for a long time)'
        : note.reason === 'age'
          ? ' (it reached the maximum age)'
          : ''
  const what =
    note.action === 'archive'
      ? 'was archived; the user can restore it from the memory panel'
      : 'was deleted'
  return `${closeSentence ? '.' : ''} It expired on ${day}${why} and ${what}.`
}

/** The not-found error of the inspector's calls (the commands word their own). */
export function notFound(path: MemoryPath): ToolError {
  return new ToolError('not-found', `Error: The path ${path.display} does not exist`)
}
