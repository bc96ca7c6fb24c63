import { bigFiles, readBounded } from './big-file'
import { FsProblem } from './fs-base'
import { openRegular } from './fs-ops'
import type { SafeFs } from './safe-fs'

// Whole-folder readers (the secret scan, search) read each file the index knows this way: without
// following links, and never a file above the big-file limit whole.

/** The file's text, or its size when too big to read whole; null when gone or not a regular file. */
export async function readText(
  ctx: { fs: SafeFs },
  segments: string[]
): Promise<{ text: string } | { big: number } | null> {
  let dir
  try {
    dir = await ctx.fs.openDir(segments.slice(0, -1))
  } catch (error) {
    if (error instanceof FsProblem) return null
    throw error
  }
  try {
    const file = await openRegular(dir.at(segments.at(-1) ?? '')).catch((error: unknown) => {
      if (error instanceof FsProblem) return null
      throw error
    })
    if (!file) return null
    try {
      if (file.info.size > bigFiles.wholeBytes) return { big: file.info.size }
      const read = await readBounded(file)
      return read.complete ? { text: read.bytes.toString('utf8') } : { big: read.size }
    } finally {
      file.close()
    }
  } finally {
    await dir.close()
  }
}
