import { checkCaps, usageNotice } from '../caps/caps'
import type { Ctx, Done } from '../kernel/context'
import {
  editableText,
  expiredNote,
  hashOf,
  inParent,
  nameOf,
  noteIntent,
  noteRead,
  noteWrite,
  readIn
} from '../kernel/files'
import type { MemoryPath } from '../jail/paths'
import { writeAtomic } from '../jail/fs-ops'
import { guardWrite } from '../secret-guard'
import { reframe, toFrameInput } from '../core/text-frame'
import { ToolError } from '../jail/io-failure'
import type { CommandOf } from './input'
import { checkpoint, planned, planOf, textChange } from './plan'

/** Inserts text after line `insert_line` (0 = before the first line). */
export async function insert(
  ctx: Ctx,
  path: MemoryPath,
  input: CommandOf<'insert'>
): Promise<Done> {
  const missing = () =>
    new ToolError(
      'not-found',
      `Error: The path ${path.display} does not exist${expiredNote(ctx, path, true)}`
    )
  if (path.isRoot) throw missing()
  return inParent(ctx, path, missing, async (dir) => {
    const read = await readIn(dir, path, missing)
    const { text, frame } = editableText(read, path)
    noteRead(ctx, path, read, false)
    const line = input.insert_line
    const inserted = insertedAt(text, line, toFrameInput(input.insert_text, frame))
    if (inserted === null) {
      throw new ToolError(
        'invalid',
        `Error: Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of the file: [0, ${text.split('\n').length}]`
      )
    }
    const { text: next, note } = await guardWrite(ctx, {
      display: path.display,
      text: inserted.text,
      region: inserted.region
    })
    const bytes = reframe(next, frame)
    const newSize = Buffer.byteLength(bytes)
    checkCaps(ctx, { display: path.display, verb: 'edit', oldSize: read.size, newSize })
    const plan = planOf('insert', path.display, hashOf(read.bytes), textChange(text, next))
    if (checkpoint(ctx, plan) === 'planned') return planned(plan)
    noteIntent(ctx, bytes)
    const info = await writeAtomic(dir, nameOf(path), bytes, false)
    const entry = noteWrite(ctx, path.rel, bytes, info)
    return {
      content: `The file ${path.display} has been edited.${note}${usageNotice(ctx, entry.size)}`,
      paths: [path.display],
      bytesBefore: read.size,
      bytesAfter: entry.size
    }
  })
}

/** The text with `insertText` after line `line`, and where the new text sits (for the guard). */
function insertedAt(
  text: string,
  line: number,
  insertText: string
): { text: string; region: [number, number] } | null {
  const lines = text.split('\n')
  if (line < 0 || line > lines.length) return null
  // One trailing newline ends the inserted text; it does not add an empty line.
  const added = insertText.endsWith('\n') ? insertText.slice(0, -1) : insertText
  const at = lines.slice(0, line).reduce((sum, kept) => sum + kept.length + 1, 0)
  lines.splice(line, 0, added)
  return { text: lines.join('\n'), region: [at, at + added.length] }
}
