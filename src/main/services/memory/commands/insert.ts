import type { Ctx, Done } from '../kernel/context'
import { expiredNote } from '../kernel/files'
import type { MemoryPath } from '../jail/paths'
import { toFrameInput } from '../core/text-frame'
import { ToolError } from '../core/tool-error'
import type { CommandOf } from './input'
import { editText, type TextEdit } from './edit-text'

/** Inserts text after line `insert_line` (0 = before the first line). */
export function insert(ctx: Ctx, path: MemoryPath, input: CommandOf<'insert'>): Promise<Done> {
  const missing = () =>
    new ToolError(
      'not-found',
      `Error: The path ${path.display} does not exist${expiredNote(ctx, path, true)}`
    )
  return editText(
    ctx,
    path,
    'insert',
    missing,
    (text, frame) => {
      const line = input.insert_line
      const inserted = insertedAt(text, line, toFrameInput(input.insert_text, frame))
      if (inserted === null) {
        throw new ToolError(
          'invalid',
          `Error: Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of the file: [0, ${text.split('\n').length}]`
        )
      }
      return inserted
    },
    () => `The file ${path.display} has been edited.`
  )
}

/** The text with `insertText` after line `line`, and where the new text sits (for the guard). */
function insertedAt(text: string, line: number, insertText: string): TextEdit | null {
  const lines = text.split('\n')
  if (line < 0 || line > lines.length) return null
  // One trailing newline ends the inserted text; it does not add an empty line.
  const added = insertText.endsWith('\n') ? insertText.slice(0, -1) : insertText
  const at = lines.slice(0, line).reduce((sum, kept) => sum + kept.length + 1, 0)
  lines.splice(line, 0, added)
  return { text: lines.join('\n'), region: [at, at + added.length] }
}
