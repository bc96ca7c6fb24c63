import type { Stats } from 'node:fs'
import { unlink } from 'node:fs/promises'
import type { Ctx } from '../kernel/context'
import type { IndexEntry } from '../ledger/index-store'
import { bigFiles, readBounded } from '../jail/big-file'
import { inParent, noteRead, openIn, parentOf } from '../kernel/files'
import { refusedReason } from '../kernel/names'
import { credentialedNames, credentialInName } from '../secret-guard'
import { pacer, type Pace } from '../core/pace'
import {
  checkedPath,
  displayOf,
  isWithin,
  parseMemoryPath,
  refusedInPassedFolder,
  TEMP_NAME
} from '../jail/paths'
import { FsProblem, type Dir } from '../jail/fs-base'
import { lstatOrNull } from '../jail/fs-ops'
import { walkTree, WALK_MAX_DEPTH, type WalkSkip } from '../jail/walk'
import { ToolError } from '../core/tool-error'
import { ReadAhead } from './read-ahead'
import { credentialOf, Parents, type Sweep } from './sweep'
import { trustOrAdopt, type StatIdentity } from '../ledger/stat-trust'
import { folderKeyOf, foldersOf, type IndexFolders } from './index-folders'

export interface Reconciled {
  added: string[]
  changed: string[]
  removed: string[]
  /** Files moved: a delete and a create of the same bytes in one batch (see renames.ts). */
  renamed: Array<{ from: string; to: string }>
  /** Folders the walk could not enter; what the index knows under them is kept as it was. */
  skipped: WalkSkip[]
  /** New files kept out of the index: a name of theirs holds a credential (rel → its words). */
  secretNamed: Map<string, string>
}

function reconciled(): Reconciled {
  return { added: [], changed: [], removed: [], renamed: [], skipped: [], secretNamed: new Map() }
}

type Seen = StatIdentity

/**
 * Brings the index in line with the disk: drops what is gone, (re)hashes what is new or changed
 * (by size or mtime). With `removeTemps`, deletes temp files a crash left behind. The walk and
 * the rehashing hand the event loop back between slices (`pace`).
 */
export async function reconcile(
  ctx: Ctx,
  removeTemps: boolean,
  /** Files to rehash even if size and time look unchanged (timestamps are coarse). */
  force: ReadonlySet<string> = new Set(),
  pace: Pace = pacer()
): Promise<Reconciled> {
  const result = reconciled()
  // The files to read go to a worker as the walk finds them (a new one: its name; see read-ahead.ts).
  const ahead = new ReadAhead(ctx)
  const parents = new Parents(ctx)
  try {
    const newNames = new Set<string>()
    // A walk hands over a folder's files together: its names go in once, not once per file.
    let lastFolder: string | undefined
    const onDisk = await walkFiles(ctx, [], result, pace, removeTemps, false, (rel, seen) => {
      if (!ctx.index.get(rel)) {
        const cut = rel.lastIndexOf('/')
        const folder = cut < 0 ? '' : rel.slice(0, cut)
        if (folder !== lastFolder && folder !== '')
          for (const name of folder.split('/')) newNames.add(name)
        lastFolder = folder
        newNames.add(rel.slice(cut + 1))
      }
      if (!unchanged(ctx, rel, seen, force.has(rel))) ahead.offer(rel)
    })
    ahead.finish()
    // Live iteration (a Map allows deleting while iterating): no 100,000-key copy in one task.
    for (const [rel] of ctx.index.entries()) {
      await pace()
      if (!onDisk.has(rel) && !underSkipped(rel, result.skipped)) forgetOne(ctx, rel, result)
    }
    // Every new name is checked for a credential; together, that costs one scan per batch.
    const sweep: Sweep = { parents, flagged: await credentialedNames(newNames, pace), ahead }
    for (const [rel, seen] of onDisk) {
      await pace()
      await settle(ctx, rel, seen, force.has(rel), result, sweep)
    }
  } finally {
    await parents.close()
    await ahead.close()
  }
  return result
}

/**
 * Like `reconcile`, for just the paths the watcher named (relative to the root): a file is
 * rehashed, a folder is walked, a path that is gone (or now a link) leaves the index with all
 * it held, and a path ending in `/` is a folder looked at one level deep (its files, not its
 * subfolders). Cost follows the size of the batch, not of the folder.
 */
export async function reconcilePaths(
  ctx: Ctx,
  touched: Iterable<string>,
  pace: Pace = pacer()
): Promise<Reconciled> {
  const result = reconciled()
  // Where the index holds files, built once per batch and only when needed.
  let folders: IndexFolders | undefined
  const indexFolders = async (): Promise<IndexFolders> =>
    (folders ??= await foldersOf(ctx, pace, result.added.length))
  const holds = async (key: string): Promise<boolean> => (await indexFolders()).holding.has(key)
  for (const rel of new Set(touched)) {
    await pace()
    const segments = rel.split('/').filter((part) => part !== '')
    if (segments.some((part) => part === '.' || part === '..')) continue
    const key = segments.join('/')
    if (rel.endsWith('/')) {
      await lookInto(ctx, segments, result, pace, indexFolders)
      continue
    }
    if (segments.length === 0) continue
    const info = await lstatAt(ctx, segments)
    const known = ctx.index.get(key)
    if (info?.isFile()) {
      // A folder replaced by a file: what the index had under it is gone.
      if (!known && (await holds(key))) forget(ctx, key, new Map(), result)
      await settle(ctx, key, info, true, result)
      continue
    }
    if (known) forgetOne(ctx, key, result)
    if (!info?.isDirectory()) {
      if (!known && (await holds(key))) forget(ctx, key, new Map(), result)
      continue
    }
    const onDisk = await walkFiles(ctx, segments, result, pace, false)
    if (await holds(key)) forget(ctx, key, onDisk, result)
    for (const [under, seen] of onDisk) {
      await pace()
      await settle(ctx, under, seen, false, result)
    }
  }
  return oncePerFile(result)
}

/**
 * A file read twice in one batch (named by an event, then seen again in its folder while another
 * program was still saving it) is one file changed, not two; a new one stays "added".
 */
function oncePerFile(result: Reconciled): Reconciled {
  const added = new Set(result.added)
  result.added = [...added]
  result.changed = [...new Set(result.changed)].filter((rel) => !added.has(rel))
  return result
}

/** One level of a folder (named `folder/` by the watcher's recheck): its files against the index. */
async function lookInto(
  ctx: Ctx,
  segments: readonly string[],
  result: Reconciled,
  pace: Pace,
  indexFolders: () => Promise<IndexFolders>
): Promise<void> {
  const key = segments.join('/')
  if (segments.length > 0 && !(await lstatAt(ctx, segments))?.isDirectory()) return
  const onDisk = await walkFiles(ctx, segments, result, pace, false, true)
  // The files the index holds directly in the folder: those of the batch's one pass over the
  // index, and those this batch added since. A recheck names the folder of every file of the
  // burst, and one scan of the index per folder cost 100 scans of 100,000 entries a batch.
  const { files, addedBefore } = await indexFolders()
  const since = result.added.slice(addedBefore).filter((rel) => folderKeyOf(rel) === key)
  for (const rel of [...(files.get(key) ?? []), ...since])
    if (!onDisk.has(rel) && !underSkipped(rel, result.skipped)) forgetOne(ctx, rel, result)
  for (const [rel, seen] of onDisk) {
    await pace()
    await settle(ctx, rel, seen, false, result)
  }
}

/** Files under the folder `base` (keys relative to the root); skipped folders go to `result`. */
async function walkFiles(
  ctx: Ctx,
  base: readonly string[],
  result: Reconciled,
  pace: Pace,
  removeTemps: boolean,
  oneLevel = false,
  /** Each file kept, as it is found. */
  onFile?: (rel: string, seen: Seen) => void
): Promise<Map<string, Seen>> {
  const onDisk = new Map<string, Seen>()
  const prefix = base.length ? `${base.join('/')}/` : ''
  // Folders whose own path the tool accepts (a walk visits a folder before what it holds): a
  // file in one has only its own name checked (refusedInPassedFolder).
  const passed = new Set<string>()
  if (!refusedReason(base.join('/'))) passed.add(base.join('/'))
  const refused = (rel: string, segments: readonly string[]): boolean => {
    const folder = rel.slice(0, Math.max(0, rel.lastIndexOf('/')))
    if (!passed.has(folder)) return refusedReason(rel) !== undefined
    const name = segments[segments.length - 1] as string
    return refusedInPassedFolder(rel, name, base.length + segments.length)
  }
  // walkTree hands `stat` and then `visit` the same segments: the key is built once for both.
  let keySegments: readonly string[] | undefined
  let key = ''
  const keyOf = (segments: readonly string[]): string => {
    if (segments !== keySegments) {
      keySegments = segments
      key = prefix + segments.join('/')
    }
    return key
  }
  let skipped: WalkSkip[]
  try {
    skipped = await ctx.fs.withDir(base, (dir) =>
      walkTree(
        dir,
        (entry) => {
          const rel = keyOf(entry.segments)
          if (entry.kind === 'dir') {
            if (!refused(rel, entry.segments)) passed.add(rel)
            return
          }
          // Only what the diff needs: 100,000 of these live until the walk is settled.
          // Names the tool refuses stay out of the index (see names.ts). Hashed keys are usable
          // names; an older version kept refused names unhashed (hash ''), so those are checked again.
          const known = ctx.index.get(rel)
          if ((known && known.hash !== '') || !refused(rel, entry.segments)) {
            const seen = { size: entry.size, mtimeMs: entry.mtimeMs, ino: entry.ino }
            onDisk.set(rel, seen)
            onFile?.(rel, seen)
          }
        },
        {
          isTemp: (name) => TEMP_NAME.test(name),
          ...(removeTemps
            ? { onTemp: (at: Dir, name: string) => unlink(at.at(name)).catch(() => undefined) }
            : {}),
          maxDepth: oneLevel ? 1 : WALK_MAX_DEPTH - base.length,
          reportTooDeep: !oneLevel,
          // Size and time only matter for a file the index knows (settle compares them); a new
          // one is opened and read anyway, so its lstat would be a wasted call (a cold open of
          // 100,000 files spent 0.8 s of 4.6 in them).
          stat: (segments) => ctx.index.get(keyOf(segments)) !== undefined,
          pace
        }
      )
    )
  } catch (error) {
    // The folder itself went away (or became a link) since it was named: nothing under it.
    if (error instanceof FsProblem) return onDisk
    throw error
  }
  for (const skip of skipped)
    result.skipped.push({ ...skip, segments: [...base, ...skip.segments] })
  return onDisk
}

async function lstatAt(ctx: Ctx, segments: readonly string[]): Promise<Stats | null> {
  try {
    return await ctx.fs.withDir(segments.slice(0, -1), (dir) =>
      lstatOrNull(dir.at(segments[segments.length - 1] as string))
    )
  } catch (error) {
    if (error instanceof FsProblem) return null
    throw error
  }
}

/** Drops the index entries under the folder `key` the walk did not see. */
function forget(
  ctx: Ctx,
  key: string,
  onDisk: ReadonlyMap<string, Seen>,
  result: Reconciled
): void {
  const prefix = key ? `${key}/` : ''
  for (const [rel] of ctx.index.under(key)) {
    if (!rel.startsWith(prefix) || onDisk.has(rel) || underSkipped(rel, result.skipped)) continue
    forgetOne(ctx, rel, result)
  }
}

/** Drops a file from the index; an unhashed entry (a refused name an older version kept) silently. */
function forgetOne(ctx: Ctx, rel: string, result: Reconciled): void {
  const entry = ctx.index.delete(rel)
  if (entry && entry.hash !== '') result.removed.push(rel)
}

function underSkipped(rel: string, skipped: readonly WalkSkip[]): boolean {
  return skipped.some((skip) => isWithin(rel, skip.segments.join('/')))
}

/** The index holds this file as the walk saw it (and nothing asks for a rehash). */
function unchanged(ctx: Ctx, rel: string, seen: Seen, forced: boolean): boolean {
  return !forced && trustOrAdopt(ctx.index, rel, seen)
}

/** Brings one file's index entry up to date with what the walk saw. */
async function settle(
  ctx: Ctx,
  rel: string,
  seen: Seen,
  forced: boolean,
  result: Reconciled,
  sweep?: Sweep
): Promise<void> {
  const known = ctx.index.get(rel)
  // A file the index does not hold is never unchanged: one lookup in 100,000 entries, not two.
  if (known && unchanged(ctx, rel, seen, forced)) return
  // Names are content: a file another program named after a key stays the user's, on disk, but
  // out of the index, so no version, activity entry or listing of Cairn's copies the name.
  const credential = known
    ? undefined
    : sweep
      ? credentialOf(sweep, rel)
      : await credentialInName(rel)
  if (credential) {
    result.secretNamed.set(rel, credential)
    return
  }
  // A new file a whole-folder walk kept has a name it checked already (walkFiles).
  const parsed =
    sweep && !known
      ? { ok: true as const, path: checkedPath(rel) }
      : parseMemoryPath(displayOf(rel))
  if (!parsed.ok) return
  const missing = () => new ToolError('not-found', 'gone')
  try {
    const before = known?.hash
    const read = async (dir: Dir) => {
      const file = await openIn(dir, parsed.path, missing)
      let handedOver = false
      try {
        const got = await readBounded(file)
        const entry = noteRead(ctx, parsed.path, got, false, forced)
        if (!got.complete) {
          // A big file: its line index starts building now, so a view later finds it ready.
          ctx.lines.prefetch(file)
          handedOver = true
        }
        return entry
      } finally {
        if (!handedOver) file.close()
      }
    }
    const early = await sweep?.ahead.take(rel)
    const entry = early
      ? noteRead(ctx, parsed.path, early, false, forced)
      : sweep
        ? await read(await sweep.parents.open(parsed.path.segments.slice(0, -1)))
        : await inParent(ctx, parsed.path, missing, read)
    if (!known) result.added.push(rel)
    else if (entry.hash !== before) result.changed.push(rel)
  } catch {
    // vanished or unreadable between the walk and the read; the next pass settles it
  }
}

/**
 * Starts building the line indexes of the big files Claude or the user read most lately (at most
 * `count`), so a view after the open finds them ready; the builds run in the background.
 */
export async function startLineIndexes(ctx: Ctx, count: number): Promise<void> {
  const big: Array<[string, IndexEntry]> = []
  for (const item of ctx.index.entries()) if (item[1].size > bigFiles.wholeBytes) big.push(item)
  big.sort(([, a], [, b]) => (b.read ?? b.accessed) - (a.read ?? a.accessed))
  for (const [rel] of big.slice(0, count)) {
    const parsed = parseMemoryPath(`/memories/${rel}`)
    if (!parsed.ok) continue
    const missing = () => new ToolError('not-found', 'gone')
    await ctx.fs
      .withDir(parentOf(parsed.path), async (dir) =>
        ctx.lines.prefetch(await openIn(dir, parsed.path, missing))
      )
      .catch(() => undefined) // gone or unreadable: a view will say so
  }
}
