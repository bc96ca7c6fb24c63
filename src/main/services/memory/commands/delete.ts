import { usageNotice } from '../caps/caps'
import type { Ctx, Done } from '../kernel/context'
import { inParent, nameOf, expiredNote } from '../kernel/files'
import type { MemoryPath } from '../jail/paths'
import { lstatOrNull, removeTree } from '../jail/fs-ops'
import { ToolError } from '../core/tool-error'
import { checkpoint, gonePreview, planned, planOf, shaOf } from './plan'

/** Deletes a file, or a folder with everything in it. A link is removed itself, never followed. */
export async function remove(ctx: Ctx, path: MemoryPath): Promise<Done> {
  if (path.isRoot) {
    throw new ToolError(
      'refused',
      'Error: The /memories directory itself cannot be deleted. Delete the files or folders inside it instead.'
    )
  }
  const missing = () =>
    new ToolError(
      'not-found',
      `Error: The path ${path.display} does not exist${expiredNote(ctx, path, true)}`
    )
  return inParent(ctx, path, missing, async (dir) => {
    const name = nameOf(path)
    const info = await lstatOrNull(dir.at(name))
    if (!info) throw missing()
    const plan = planOf(
      'delete',
      path.display,
      shaOf(ctx, path.rel, info),
      await gonePreview(ctx, dir, path, info)
    )
    if (checkpoint(ctx, plan) === 'planned') return planned(plan)
    const before = ctx.index.under(path.rel).reduce((sum, [, entry]) => sum + entry.size, 0)
    await removeTree(dir, name)
    await dir.sync()
    ctx.index.deleteUnder(path.rel)
    return {
      content: `Successfully deleted ${path.display}${usageNotice(ctx)}`,
      paths: [path.display],
      bytesBefore: before,
      bytesAfter: 0
    }
  })
}
