import { checkCaps, usageNotice } from '../caps'
import type { Ctx, Done } from '../context'
import { editableText, inParent, nameOf, noteRead, noteWrite, readIn, expiredNote } from '../files'
import { noteIntent } from '../files'
import type { MemoryPath } from '../paths'
import { writeAtomic } from '../safe-fs'
import { ToolError } from '../tool-error'
import type { CommandOf } from './input'

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
    const text = editableText(read, path)
    noteRead(ctx, path, read, false)
    const line = input.insert_line
    const next = withInserted(text, line, input.insert_text)
    if (next === null) {
      throw new ToolError(
        'invalid',
        `Error: Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of the file: [0, ${text.split('\n').length}]`
      )
    }
    const newSize = Buffer.byteLength(next)
    checkCaps(ctx, { display: path.display, verb: 'edit', oldSize: read.size, newSize })
    noteIntent(ctx, next)
    const info = await writeAtomic(dir, nameOf(path), next, false)
    const entry = noteWrite(ctx, path.rel, next, info)
    return {
      content: `The file ${path.display} has been edited.${usageNotice(ctx, entry.size)}`,
      paths: [path.display],
      bytesBefore: read.size,
      bytesAfter: entry.size
    }
  })
}

/** The text with `insertText` after line `line`; null when the line is out of range. */
export function withInserted(text: string, line: number, insertText: string): string | null {
  const lines = text.split('\n')
  if (line < 0 || line > lines.length) return null
  // One trailing newline ends the inserted text; it does not add an empty line.
  lines.splice(line, 0, insertText.endsWith('\n') ? insertText.slice(0, -1) : insertText)
  return lines.join('\n')
}
