import type { Ctx } from '../kernel/context'
import { freshArchiveDir, moveToArchive } from '../expiry/archive'
import { notFound } from '../kernel/files'
import type { MemoryPath } from '../jail/paths'
import { ioFailure } from '../jail/io-failure'

// The user's own "archive these files" (to make room under the caps): the same archive and the
// same move as expiry, so Restore in the archive list and Undo in the activity log both work.

export interface ArchivedNow {
  path: string
  size: number
  archiveId: string
}

/**
 * Moves `targets` (files, checked to be in the index before anything moves) into one new archive
 * folder. A file that cannot be moved stops the run: what moved before it is returned with the
 * failure, so the caller can log it and say what happened.
 */
export async function archiveFiles(
  ctx: Ctx,
  archiveRoot: string,
  targets: readonly MemoryPath[]
): Promise<{ moved: ArchivedNow[]; failure?: Error }> {
  for (const path of targets) if (!ctx.index.get(path.rel)) throw notFound(path)
  const archiveId = await freshArchiveDir(archiveRoot, ctx.now())
  const moved: ArchivedNow[] = []
  for (const path of targets) {
    const size = ctx.index.get(path.rel)?.size ?? 0
    try {
      if (!(await moveToArchive(ctx, archiveRoot, archiveId, path))) throw notFound(path)
    } catch (error) {
      return { moved, failure: ioFailure('archive', path.display, error) }
    }
    ctx.index.delete(path.rel)
    moved.push({ path: path.display, size, archiveId })
  }
  return { moved }
}

/** The activity-log line for one file the user archived. */
export function archiveMessage(item: ArchivedNow): string {
  return `Archived by the user as ${item.archiveId}; it can be restored from the archive.`
}
