import type { HistoryVersion } from '@shared/memory/history'
import type { NotKept, VersionRef } from '@shared/memory/memory'
import type { MemoryIndex } from '../ledger/index-store'
import type { Pace } from '../core/pace'
import { displayOf, isWithin, parseMemoryPath } from '../jail/paths'
import type { HistoryRecord } from './journal'
import { notKeptOf, sideNotKept } from './not-kept'

/** Whether history holds a version: true, false, or why it chose not to keep it. */
export type Held = (hash: string) => boolean | NotKept

/** What the index said about some files before a mutation: rel → hash and size. */
export type Snapshot = Map<string, { hash: string; size: number }>

/** Up to this many folders, one prefix scan of the index each beats one pass slicing every path. */
const FEW_FOLDERS = 4

export function snapshot(index: MemoryIndex, rels: readonly string[], deep = true): Snapshot {
  const { snap, folders } = ownEntries(index, rels, deep)
  if (folders.size === 0 || fewFolders(index, folders, snap)) return snap
  // One pass over the index for all the folders (a watcher batch may name hundreds of paths).
  for (const item of index.entries()) addIfUnder(snap, folders, item)
  return snap
}

/**
 * `snapshot`, handing the event loop back between slices where it passes over the whole index:
 * the watcher's recheck names the folder of every file of a burst, and one pass over 100,000
 * entries in one task blocked the main thread for 60-400 ms.
 */
export async function snapshotPaced(
  index: MemoryIndex,
  rels: readonly string[],
  pace: Pace
): Promise<Snapshot> {
  const { snap, folders } = ownEntries(index, rels, true)
  if (folders.size === 0 || fewFolders(index, folders, snap)) return snap
  for (const item of index.entries()) {
    await pace()
    addIfUnder(snap, folders, item)
  }
  return snap
}

/** `snapshot` of the whole index, handing the event loop back between slices (100,000 files). */
export function snapshotAll(index: MemoryIndex, pace: Pace): Promise<Snapshot> {
  return snapshotPaced(index, [''], pace)
}

/** The files `rels` name, and (`deep`) the paths that are no file: folders, looked under. */
function ownEntries(
  index: MemoryIndex,
  rels: readonly string[],
  deep: boolean
): { snap: Snapshot; folders: Set<string> } {
  const snap: Snapshot = new Map()
  const folders = new Set<string>()
  for (const rel of rels) {
    // A file's own entry is all there is under it (a path is a file or a folder, not both).
    const own = index.get(rel)
    if (own) snap.set(rel, { hash: own.hash, size: own.size })
    else if (deep) folders.add(rel)
  }
  return { snap, folders }
}

/** A command names one or two folders (a rename's new path): a prefix scan each, no slice per entry. */
function fewFolders(index: MemoryIndex, folders: ReadonlySet<string>, snap: Snapshot): boolean {
  if (folders.has('') || folders.size > FEW_FOLDERS) return false
  for (const folder of folders)
    for (const [file, entry] of index.under(folder))
      snap.set(file, { hash: entry.hash, size: entry.size })
  return true
}

/** Adds an index entry that lies under one of `folders` ('' is the whole index). */
function addIfUnder(
  snap: Snapshot,
  folders: ReadonlySet<string>,
  [file, entry]: [string, { hash: string; size: number }]
): void {
  if (!folders.has('')) {
    let cut = file.lastIndexOf('/')
    while (cut > 0 && !folders.has(file.slice(0, cut))) cut = file.lastIndexOf('/', cut - 1)
    if (cut <= 0) return
  }
  snap.set(file, { hash: entry.hash, size: entry.size })
}

/**
 * The versions a mutation made, from the index before and after. A rename pairs each file under
 * `from` with its new path; anything else compares the same paths.
 */
export function diffVersions(
  before: Snapshot,
  index: MemoryIndex,
  rels: readonly string[],
  stored: Held,
  move?: { from: string; to: string },
  deep = true
): VersionRef[] {
  const after = snapshot(index, rels, deep)
  const refs: VersionRef[] = []
  const ref = (path: string, from: string | undefined, was?: Entry, now?: Entry): void => {
    if (!from && was?.hash === now?.hash) return
    const item: VersionRef = {
      path: displayOf(path),
      ...(from ? { from: displayOf(from) } : {}),
      before: was?.hash ?? null,
      after: now?.hash ?? null,
      sizeBefore: was?.size ?? null,
      sizeAfter: now?.size ?? null
    }
    const unstored: Array<'before' | 'after'> = []
    const notKept: NonNullable<VersionRef['notKept']> = {}
    for (const side of ['before', 'after'] as const) {
      const id = item[side]
      const held = id ? stored(id) : true
      if (held === true) continue
      unstored.push(side)
      const why =
        held || notKeptOf(id as string, side === 'before' ? item.sizeBefore : item.sizeAfter)
      if (why) notKept[side] = why
    }
    if (unstored.length) item.unstored = unstored
    if (notKept.before || notKept.after) item.notKept = notKept
    refs.push(item)
  }
  if (move) {
    for (const [rel, was] of before) {
      if (!isWithin(rel, move.from)) continue
      const target = move.to + rel.slice(move.from.length)
      const now = after.get(target)
      if (now) ref(target, rel, was, now)
      else ref(rel, undefined, was, undefined) // vanished on the way: recorded as gone
    }
    return refs
  }
  for (const rel of new Set([...before.keys(), ...after.keys()]))
    ref(rel, undefined, before.get(rel), after.get(rel))
  return refs
}

type Entry = { hash: string; size: number }

/**
 * Versions of one path, newest first, following it back through renames: before a rename into
 * `path`, its history is the old path's.
 */
export function versionsOf(
  records: readonly HistoryRecord[],
  path: string,
  stored: (hash: string) => boolean
): HistoryVersion[] {
  let name = path
  const out: HistoryVersion[] = []
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i] as HistoryRecord
    let next = name
    for (const ref of record.versions) {
      const into = ref.path === name
      const away = ref.from === name
      if (!into && !away) continue
      const held = !into || ref.after === null || stored(ref.after)
      const notKept = held ? undefined : sideNotKept(ref, 'after')
      out.push({
        seq: record.seq,
        time: record.time,
        actor: record.actor,
        command: record.command,
        path: ref.path,
        ...(ref.from ? { from: ref.from } : {}),
        // Renamed away: the path held nothing after this entry.
        hash: into ? ref.after : null,
        size: into ? ref.sizeAfter : null,
        before: ref.before,
        stored: held,
        ...(notKept ? { notKept } : {}),
        ...(record.revertOf !== undefined ? { revertOf: record.revertOf } : {})
      })
      if (into && ref.from) next = ref.from
    }
    name = next
  }
  return out
}

/** The memory-relative paths of display paths (those that are not memory paths are left out). */
export function relsOf(paths: readonly string[]): string[] {
  return paths.flatMap((display) => {
    const parsed = parseMemoryPath(display)
    return parsed.ok ? [parsed.path.rel] : []
  })
}

function relOf(display: string): string {
  const parsed = parseMemoryPath(display)
  return parsed.ok ? parsed.path.rel : display
}

/** The versions of one entry about outside changes to `rels` (a batch's share of `before`). */
export function entryVersions(
  before: Snapshot,
  index: MemoryIndex,
  rels: readonly string[],
  held: Held
): VersionRef[] {
  // A batch's one entry may name 20,000 paths: a set, not a list scan per version.
  const named = new Set(rels)
  return diffVersions(
    new Map(rels.flatMap((rel) => (before.has(rel) ? [[rel, before.get(rel)!]] : []))),
    index,
    rels,
    held
  ).filter((ref) => named.has(relOf(ref.path)))
}
