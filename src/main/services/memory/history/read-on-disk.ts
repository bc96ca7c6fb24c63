import type { Ctx } from '../kernel/context'
import { openRegular } from '../jail/fs-ops'
import { parseMemoryPath } from '../jail/paths'

/**
 * The bytes of memory file `rel` as they are on disk now (through the jail), or null when it
 * cannot be read. History keeps a file's text this way before a delete or an expiry takes it.
 */
export async function readOnDisk(ctx: Ctx, rel: string): Promise<Uint8Array | null> {
  const parsed = parseMemoryPath(`/memories/${rel}`)
  if (!parsed.ok) return null
  try {
    return await ctx.fs.withDir(parsed.path.segments.slice(0, -1), async (dir) => {
      const file = await openRegular(dir.at(parsed.path.segments.at(-1) as string))
      try {
        return await file.read(0, file.info.size)
      } finally {
        file.close()
      }
    })
  } catch {
    return null
  }
}
