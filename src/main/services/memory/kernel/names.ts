import { readdirSync } from 'node:fs'
import { escapeName } from '@shared/memory/names'
import type { Ctx } from './context'
import { FsProblem, type Dir } from '../jail/fs-base'
import { displayOf, parseMemoryPath, type MemoryPath } from '../jail/paths'
import { ToolError } from '../core/tool-error'

// Names as they are on disk: which ones the memory tool cannot use (made outside the app), and
// which ones are the same file under folding on case- and normalization-insensitive filesystems.
//
// Unusable names are kept out of the index: Claude cannot view, shrink or delete them, so counting
// them toward its caps would lock it out of a folder it cannot fix. The listing shows them to Claude
// as an escaped, marked line; the inspector marks them (`unreachable`) and says they are not counted.

/** Why Claude cannot use `rel` (an index-style key), or undefined when it can. */
export function refusedReason(rel: string): string | undefined {
  const parsed = parseMemoryPath(displayOf(rel))
  return parsed.ok ? undefined : parsed.reason.replace(/^it /, '')
}

/** A listing line for a name Claude cannot use: escaped, marked, never raw. */
export function unreadableLine(parentDisplay: string, name: string, reason: string): string {
  return `?\t${parentDisplay}/${escapeName(name)} [unreadable name: ${reason}; Claude cannot open it]`
}

export function unreadableNote(count: number): string {
  if (count === 0) return ''
  const what = count === 1 ? '1 entry marked' : `${count} entries marked`
  return `\nNote: ${what} [unreadable name] above were named outside the app with characters the memory tool refuses (shown escaped) or with a credential in the name (shown redacted). They cannot be viewed, edited, renamed or deleted with this tool and do not count toward memory usage; if they matter, ask the user to rename them in their file manager.`
}

/**
 * The key under which APFS, NTFS, exFAT (and HFS+) may treat two names as one file: compatibility
 * normalization (NFC/NFD, Kelvin sign, ligatures, full-width letters), full case folding (ß → ss,
 * ſ → s, final sigma) and ignorable characters dropped. It folds more than any one filesystem does,
 * so a collision it misses cannot happen; one it finds may be harmless on this disk, and is refused
 * anyway so the folder stays portable.
 */
export function foldKey(name: string): string {
  // ASCII folds to its lower case (NFKC leaves it be, nothing in it is ignorable): a create in a
  // folder of 1,000 notes folds every sibling's name.
  if (!NON_ASCII.test(name)) return name.toLowerCase()
  return name
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
}

const NON_ASCII = /[\u0080-\uffff]/

function namesIn(dirPath: string): string[] {
  return readdirSync(dirPath)
}

/**
 * Refuses a new name (and the folders a create would make on its way) that differs from an existing
 * sibling only under folding. `source` is what a rename moves: it is not its own twin, so a
 * case-only rename (`notes.md` → `Notes.md`) passes. The folder is read, not the index: other
 * programs create files too. A rename's caller has found `source` spelled as on disk, so the
 * folders the two paths share are not read again (a rename inside a folder read the root too).
 */
export async function checkFoldCollision(
  ctx: Ctx,
  target: MemoryPath,
  verb: string,
  source?: MemoryPath,
  /** The folder holding `source`, open: read in place of opening it again. */
  sourceFolder?: Dir
): Promise<void> {
  const sourceParent = source?.segments.slice(0, -1)
  for (let depth = sharedFolders(target, source); depth < target.segments.length; depth++) {
    const parent = target.segments.slice(0, depth)
    const name = target.segments[depth] as string
    let names: string[]
    try {
      names =
        sourceFolder && sourceParent && sameSegments(parent, sourceParent)
          ? namesIn(sourceFolder.path)
          : await ctx.fs.withDir(parent, async (dir) => namesIn(dir.path))
    } catch (error) {
      if (error instanceof FsProblem) return // nothing exists from here down; the command reports the rest
      throw error
    }
    if (names.includes(name)) continue
    const key = foldKey(name)
    const twin = names.find((other) => {
      if (foldKey(other) !== key) return false
      const twinSegments = [...parent, other]
      return !(source && sameSegments(twinSegments, source.segments))
    })
    if (twin !== undefined) {
      const existing = displayOf([...parent, twin].join('/'))
      throw new ToolError(
        'exists',
        `Error: Cannot ${verb} ${target.display}: ${escapeName(existing)} already exists, and the two names differ only in letter case or Unicode form, which many filesystems treat as the same name. Use ${escapeName(existing)}, or choose another name.`
      )
    }
    return // the name is new here, so nothing below it exists yet
  }
}

/** True when `path`'s last name is listed in its folder exactly as spelled (not just by folding). */
export async function listedExactly(ctx: Ctx, path: MemoryPath): Promise<boolean> {
  if (path.isRoot) return true
  const name = path.segments.at(-1) as string
  try {
    return await ctx.fs.withDir(path.segments.slice(0, -1), async (dir) =>
      namesIn(dir.path).includes(name)
    )
  } catch (error) {
    if (error instanceof FsProblem) return false
    throw error
  }
}

/**
 * Whether every name of an existing `path` is spelled as on disk. A case-insensitive filesystem
 * opens `NOTES.md` for `notes.md`; the engine must not, or one file would get two index keys.
 * Cheap when the index already knows the file (its keys are the names on disk).
 */
export async function spelledAsOnDisk(ctx: Ctx, path: MemoryPath): Promise<boolean> {
  if (path.isRoot || ctx.index.get(path.rel)) return true
  for (let depth = path.segments.length; depth >= 1; depth--) {
    const prefix = path.segments.slice(0, depth)
    if (depth < path.segments.length && ctx.index.isFileUnder(prefix.join('/'))) return true
    const parsed = parseMemoryPath(displayOf(prefix.join('/')))
    if (!parsed.ok || !(await listedExactly(ctx, parsed.path))) return false
  }
  return true
}

/** How many folders (from the root down) `target` and `source` share; 0 without a source. */
function sharedFolders(target: MemoryPath, source?: MemoryPath): number {
  if (!source) return 0
  const last = Math.min(target.segments.length, source.segments.length) - 1
  let depth = 0
  while (depth < last && target.segments[depth] === source.segments[depth]) depth++
  return depth
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i])
}
