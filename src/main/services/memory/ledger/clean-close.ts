import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { syncDir, writeFileDurably } from '../../fs/durable'

// Whether the index on disk is the whole truth of the last session. A close that saved the index
// leaves this mark; an open takes it away before anything can write. So the mark is there only
// when the session before ended in order: after a crash (or with an index an older version
// wrote) the open walks the folder, as it always did.

const MARK = 'memory-index.closed'

/** Leaves the mark: the index just saved holds everything this session did. */
export async function markCleanClose(stateDir: string): Promise<void> {
  await writeFileDurably(join(stateDir, MARK), '')
}

/** Whether the last session closed in order; the mark is gone (durably) when this resolves. */
export async function takeCleanClose(stateDir: string): Promise<boolean> {
  try {
    await unlink(join(stateDir, MARK))
  } catch {
    return false
  }
  // Not surely gone: this session might write under a mark that survives a power cut.
  return syncDir(stateDir).then(
    () => true,
    () => false
  )
}
