import { checkCaps, usageNotice } from '../caps/caps'
import type { Ctx, Done } from '../kernel/context'
import {
  editableText,
  hashOf,
  inParent,
  nameOf,
  noteIntent,
  noteRead,
  noteWrite,
  readForChange
} from '../kernel/files'
import type { MemoryPath } from '../jail/paths'
import { writeAtomic } from '../jail/fs-ops'
import { guardWrite } from '../secret-guard'
import { reframe, type Frame } from '../core/text-frame'
import type { ToolError } from '../core/tool-error'
import { checkpoint, planned, planOf, textChange } from './plan'
import { splicedBytes, type Splice } from './splice-bytes'

/** An edit of a file's text: the new text, and where the text it added sits (for the guard). */
export interface TextEdit {
  text: string
  region: [number, number]
  /** The same edit as one splice of the old text: its bytes are then spliced, not re-encoded. */
  splice?: Splice
}

/**
 * The sequence every edit of an existing file follows: read it, make the edit on its text (line
 * endings and BOM taken off), let the secret guard see the added text, check the caps, plan
 * (a dry run stops there), then write and note it. `reply` says what happened, from the edit and
 * the text as written (the guard may have changed it).
 */
export async function editText(
  ctx: Ctx,
  path: MemoryPath,
  command: 'insert' | 'str_replace',
  missing: () => ToolError,
  edit: (text: string, frame: Frame) => TextEdit,
  reply: (written: string, edit: TextEdit) => string
): Promise<Done> {
  if (path.isRoot) throw missing()
  return inParent(ctx, path, missing, async (dir) => {
    const read = await readForChange(ctx, dir, path, missing)
    const { text, frame } = editableText(read, path)
    noteRead(ctx, path, read, false)
    const edited = edit(text, frame)
    const { text: next, note } = await guardWrite(ctx, { display: path.display, ...edited })
    // Encoded once: its length is the size, and the hash, history and the write share it. An
    // edit the guard left as it was is spliced into the bytes read (only the new text encoded).
    const spliced =
      next === edited.text && edited.splice
        ? splicedBytes(read.bytes, text, frame, edited.splice)
        : undefined
    const bytes = spliced ?? Buffer.from(reframe(next, frame))
    checkCaps(ctx, {
      display: path.display,
      verb: 'edit',
      oldSize: read.size,
      newSize: bytes.length
    })
    const before = read.hash ?? hashOf(read.bytes)
    const plan = planOf(command, path.display, before, textChange(text, next))
    if (checkpoint(ctx, plan) === 'planned') return planned(plan)
    let hash = ''
    const info = await writeAtomic(
      dir,
      nameOf(path),
      bytes,
      false,
      () => noteIntent(ctx, bytes, hash),
      () => (hash = hashOf(bytes))
    )
    const entry = noteWrite(ctx, path.rel, bytes, info, undefined, hash)
    return {
      content: `${reply(next, edited)}${note}${usageNotice(ctx, entry.size)}`,
      paths: [path.display],
      bytesBefore: read.size,
      bytesAfter: entry.size
    }
  })
}
