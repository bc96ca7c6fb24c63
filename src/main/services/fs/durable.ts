import { randomUUID } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Creates a folder (and parents) readable by the owner only. */
export async function ensurePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o700 })
}

/**
 * Replaces `target` so that a crash leaves either the old or the new content, never a mix:
 * temp file in the same folder (exclusive, 0600) → write → fsync → rename → fsync the folder.
 */
export async function writeFileDurably(
  target: string,
  /** Pieces are written one after another (a large text need not be joined first). */
  data: string | Uint8Array | readonly string[]
): Promise<void> {
  const dir = dirname(target)
  const temp = join(dir, `.${basename(target)}.${randomUUID()}.tmp`)
  const handle = await open(temp, 'wx', 0o600)
  try {
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await syncDir(dir)
}

export async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; the rename is as durable as that platform allows.
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
