import { checkCaps, usageNotice } from '../caps/caps'
import type { Ctx, Done } from '../kernel/context'
import { hashOf, nameOf, noteIntent, noteWrite, parentOf, probe, wayProblem } from '../kernel/files'
import { checkFoldCollision } from '../kernel/names'
import type { MemoryPath } from '../jail/paths'
import { FsProblem } from '../jail/fs-base'
import { writeAtomic } from '../jail/fs-ops'
import { guardName, guardWrite } from '../secret-guard'
import { ioFailure } from '../jail/io-failure'
import { ToolError } from '../core/tool-error'
import { checkpoint, planned, planOf, textChange } from './plan'

/** Creates a new file (and its folders); never replaces anything. */
export async function create(ctx: Ctx, path: MemoryPath, fileText: string): Promise<Done> {
  const exists = () => new ToolError('exists', `Error: File ${path.display} already exists`)
  // Before anything else looks at the path: a refusal must not depend on (or echo) the folder.
  await guardName(ctx, path)
  await checkFoldCollision(ctx, path, 'create')
  const found = await probe(ctx, path)
  if (found.kind === 'blocked') {
    throw new ToolError(
      'refused',
      `Error: Cannot create ${path.display}: ${found.at} is a file, not a folder.`
    )
  }
  if (found.kind !== 'missing') throw exists()
  const { text, note } = await guardWrite(ctx, { display: path.display, text: fileText })
  // Encoded once: its length is the size, and the hash, history and the write share it.
  const bytes = Buffer.from(text)
  checkCaps(ctx, { display: path.display, verb: 'create', oldSize: 0, newSize: bytes.length })
  const plan = planOf('create', path.display, null, textChange(null, text))
  if (checkpoint(ctx, plan) === 'planned') return planned(plan)
  const hash = hashOf(bytes)
  try {
    const info = await ctx.fs.withDir(
      parentOf(path),
      (dir) => writeAtomic(dir, nameOf(path), bytes, true, () => noteIntent(ctx, bytes, hash)),
      true
    )
    const entry = noteWrite(ctx, path.rel, bytes, info, ctx.now(), hash)
    return {
      content: `File created successfully at: ${path.display}${note}${usageNotice(ctx, entry.size)}`,
      paths: [path.display],
      bytesBefore: null,
      bytesAfter: entry.size
    }
  } catch (error) {
    if (error instanceof FsProblem && error.kind === 'exists') throw exists()
    if (error instanceof FsProblem && error.kind === 'not-dir') {
      throw new ToolError(
        'refused',
        `Error: Cannot create ${path.display}: a folder on its way is a file.`
      )
    }
    if (error instanceof FsProblem) wayProblem(path, error, exists)
    throw ioFailure('create', path.display, error)
  }
}
