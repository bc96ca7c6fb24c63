import { usageNotice } from '../caps/caps'
import type { Ctx, Done } from '../kernel/context'
import { inParent, nameOf, parentOf, probe, probeIn, expiredNote } from '../kernel/files'
import { checkFoldCollision, listedExactly } from '../kernel/names'
import { isWithin, type MemoryPath } from '../jail/paths'
import type { Dir } from '../jail/fs-base'
import { lstatOrNull, rename as move } from '../jail/fs-ops'
import { guardName } from '../secret-guard'
import { ToolError } from '../core/tool-error'
import { checkpoint, itemsText, planned, planOf, shaOf } from './plan'

/** Moves a file or folder; never replaces what is already at the destination. */
export async function rename(ctx: Ctx, from: MemoryPath, to: MemoryPath): Promise<Done> {
  if (from.isRoot) {
    throw new ToolError(
      'refused',
      'Error: The /memories directory itself cannot be renamed. Rename the files or folders inside it instead.'
    )
  }
  const missing = () =>
    new ToolError(
      'not-found',
      `Error: The path ${from.display} does not exist${expiredNote(ctx, from, true)}`
    )
  const taken = () => new ToolError('exists', `Error: The destination ${to.display} already exists`)
  if (to.isRoot || to.rel === from.rel) throw taken()
  if (isWithin(to.rel, from.rel)) {
    throw new ToolError(
      'refused',
      `Error: Cannot move ${from.display} into itself (${to.display} is inside it). Choose a destination outside it.`
    )
  }
  return inParent(ctx, from, missing, async (source) => {
    const info = await lstatOrNull(source.at(nameOf(from)))
    if (!info) throw missing()
    // The new name is content too: checked before the plan, so a dry run refuses the same way.
    await guardName(ctx, to, info.isDirectory() ? 'folder' : 'file')
    // A new name in the same folder: the folder open for the source serves the destination too.
    const sameParent = parentOf(to).join('/') === parentOf(from).join('/')
    // A case-only rename (notes.md → Notes.md) passes: the source is not its own twin.
    await checkFoldCollision(ctx, to, 'rename to', from, source)
    const target = sameParent ? await probeIn(ctx, source, to) : await probe(ctx, to)
    if (target.kind === 'blocked') {
      throw new ToolError(
        'refused',
        `Error: Cannot rename to ${to.display}: ${target.at} is a file, not a folder.`
      )
    }
    if (target.kind !== 'missing') throw taken()
    const what = info.isDirectory()
      ? `Moves the folder and everything in it (${itemsText(ctx.index.under(from.rel).length)}).`
      : 'Moves the file; its text is unchanged.'
    const plan = planOf('rename', from.display, shaOf(ctx, from.rel, info), {
      before: null,
      after: null,
      to: to.display,
      note: what
    })
    if (checkpoint(ctx, plan) === 'planned') return planned(plan)
    const bytes = ctx.index.under(from.rel).reduce((sum, [, entry]) => sum + entry.size, 0)
    const moveInto = async (dest: Dir) => {
      // Checked just above inside the one queue; the rename itself cannot refuse to replace.
      // On a case-insensitive filesystem the new spelling of the same file "exists": allowed.
      const there = await lstatOrNull(dest.at(nameOf(to)))
      const sameFile = there?.ino === info.ino && there.dev === info.dev
      if (there && !(sameFile && !(await listedExactly(ctx, to)))) throw taken()
      await move(source.at(nameOf(from)), dest.at(nameOf(to)))
      // One folder opened twice has two paths (/proc/self/fd/N): its one sync is enough.
      // Two folders' syncs are independent: side by side, each waited for before the folders close.
      await syncAll((await sameFolder(source, dest)) ? [dest] : [dest, source])
    }
    if (sameParent) await moveInto(source)
    else await inParent(ctx, to, taken, moveInto, true)
    // The entries move with their clocks: a rename is neither a read nor a change of content.
    ctx.index.moveUnder(from.rel, to.rel)
    for (const [rel] of ctx.index.under(to.rel)) ctx.index.touch(rel, { actor: ctx.actor })
    return {
      content: `Successfully renamed ${from.display} to ${to.display}${usageNotice(ctx)}`,
      paths: [from.display, to.display],
      bytesBefore: bytes,
      bytesAfter: bytes
    }
  })
}

async function syncAll(dirs: Dir[]): Promise<void> {
  const synced = await Promise.allSettled(dirs.map((dir) => dir.sync()))
  for (const result of synced) if (result.status === 'rejected') throw result.reason
}

async function sameFolder(one: Dir, other: Dir): Promise<boolean> {
  if (one.path === other.path) return true
  const [a, b] = [await one.stat(), await other.stat()]
  return a.ino === b.ino && a.dev === b.dev
}
