import { constants } from 'node:fs'
import { lstat, open, readdir } from 'node:fs/promises'
import { join } from 'node:path'

// "Forget" looks for a text in every file Cairn keeps (issue 35): the bytes and the names, under
// a folder, without following links. Files are read in slices, so a big attachment costs one
// buffer; the caller's `pace` hands the event loop back between files.

const SLICE = 1024 * 1024
// Only the last name is opened without following a link (no O_NOFOLLOW on Windows): a search
// answers whether a file holds the text, never its bytes, so a swapped folder leaks nothing.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

/** The forms a text takes in the files Cairn writes: as it is, and inside a JSON string. */
export function formsOf(text: string): string[] {
  return [...new Set([text, JSON.stringify(text).slice(1, -1)])]
}

/** Whether some form of the text is in `value`. */
export function holds(value: string, forms: readonly string[]): boolean {
  return forms.some((form) => value.includes(form))
}

export interface FindOptions {
  /** Folders or files (relative, '/'-separated) not to look in. */
  skip?: (rel: string) => boolean
  pace?: () => Promise<void>
}

/**
 * Files under `root` whose bytes or name (relative path) hold the text, as relative paths with
 * '/' between names. A folder or file that cannot be read is passed over.
 */
export async function filesHolding(
  root: string,
  text: string,
  options: FindOptions = {}
): Promise<string[]> {
  const forms = formsOf(text).map((form) => Buffer.from(form))
  const found: string[] = []
  const walk = async (dir: string, rel: string): Promise<void> => {
    const names = await readdir(dir).catch(() => [] as string[])
    for (const name of names.sort()) {
      const childRel = rel ? `${rel}/${name}` : name
      if (options.skip?.(childRel)) continue
      const path = join(dir, name)
      const info = await lstat(path).catch(() => null)
      if (info?.isDirectory()) await walk(path, childRel)
      else if (info?.isFile()) {
        await options.pace?.()
        if (childRel.includes(text) || (await bytesHold(path, forms))) found.push(childRel)
      }
    }
  }
  await walk(root, '')
  return found
}

/** Whether a file's bytes hold one of `forms`, read a slice at a time (slices overlap). */
async function bytesHold(path: string, forms: readonly Buffer[]): Promise<boolean> {
  const handle = await open(path, constants.O_RDONLY | NO_FOLLOW).catch(() => null)
  if (!handle) return false
  try {
    const overlap = Math.max(...forms.map((form) => form.length)) - 1
    const buffer = Buffer.alloc(SLICE + overlap)
    let kept = 0
    for (let position = 0; ;) {
      const { bytesRead } = await handle.read(buffer, kept, SLICE, position)
      if (bytesRead === 0) return false
      const view = buffer.subarray(0, kept + bytesRead)
      if (forms.some((form) => view.includes(form))) return true
      position += bytesRead
      kept = Math.min(overlap, view.length)
      view.copy(buffer, 0, view.length - kept)
    }
  } catch {
    return false
  } finally {
    await handle.close()
  }
}
