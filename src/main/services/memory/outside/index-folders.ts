import type { Pace } from '../core/pace'
import type { Ctx } from '../kernel/context'

// Where the index holds files, taken in one pass over it when a watcher batch first needs it:
// whether a named path that is no file had files under it, and which files a folder looked into
// one level deep held. The index is a flat map of 100,000 paths; a scan of it per folder cost a
// recheck (which names the folder of every file of a burst) 100 scans per batch.

/** Where the index holds files (taken in one pass over it). */
export interface IndexFolders {
  /** Every folder key with a file somewhere under it. */
  holding: Set<string>
  /** Each folder key ('' the root) with the files directly in it. */
  files: Map<string, string[]>
  /** How many files the batch had added when the pass was made: those after are not in it. */
  addedBefore: number
}

export async function foldersOf(ctx: Ctx, pace: Pace, addedBefore: number): Promise<IndexFolders> {
  const holding = new Set<string>()
  const files = new Map<string, string[]>()
  for (const [rel] of ctx.index.entries()) {
    await pace()
    const folder = folderKeyOf(rel)
    const own = files.get(folder)
    if (own) own.push(rel)
    else files.set(folder, [rel])
    for (let at = rel.indexOf('/'); at > 0; at = rel.indexOf('/', at + 1)) {
      holding.add(rel.slice(0, at))
    }
  }
  return { holding, files, addedBefore }
}

/** The key of the folder holding `rel` ('' for the root). */
export function folderKeyOf(rel: string): string {
  return rel.slice(0, Math.max(0, rel.lastIndexOf('/')))
}
