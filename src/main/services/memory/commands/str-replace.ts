import type { Ctx, Done } from '../kernel/context'
import { expiredNote } from '../kernel/files'
import { lineAt, numbered } from '../core/format'
import type { MemoryPath } from '../jail/paths'
import { toFrameInput } from '../core/text-frame'
import { ToolError } from '../core/tool-error'
import type { CommandOf } from './input'
import { editText } from './edit-text'

const SNIPPET_LINES = 4
const ECHO_LIMIT = 1000

/** Replaces the one exact occurrence of `old_str`; `new_str` is inserted literally (no `$&`). */
export function strReplace(
  ctx: Ctx,
  path: MemoryPath,
  input: CommandOf<'str_replace'>
): Promise<Done> {
  const missing = () =>
    new ToolError(
      'not-found',
      `Error: The path ${path.display} does not exist. Please provide a valid path.${expiredNote(ctx, path)}`
    )
  return editText(
    ctx,
    path,
    'str_replace',
    missing,
    (text, frame) => {
      const oldStr = toFrameInput(input.old_str, frame)
      const newStr = toFrameInput(input.new_str, frame)
      const at = uniqueOccurrence(text, oldStr, input.old_str, path)
      return {
        text: text.slice(0, at) + newStr + text.slice(at + oldStr.length),
        region: [at, at + newStr.length],
        splice: { start: at, end: at + oldStr.length, inserted: newStr }
      }
    },
    (written, edit) => {
      const [at, end] = edit.region
      // The guard may have redacted the added text: measure it in the text as written.
      const added = written.length - (edit.text.length - (end - at))
      const first = lineAt(written, at)
      const last = lineAt(written, at + Math.max(added - 1, 0))
      return `The memory file has been edited. ${snippet(path, written, first, last)}`
    }
  )
}

/** Where the one occurrence of `oldStr` starts; none, or more than one, is Claude's error. */
function uniqueOccurrence(text: string, oldStr: string, asGiven: string, path: MemoryPath): number {
  if (oldStr === '') {
    throw new ToolError(
      'invalid',
      `Error: \`old_str\` is empty. Give the exact text to replace; it must appear exactly once in ${path.display}.`
    )
  }
  const found = occurrences(text, oldStr)
  if (found.length === 0) {
    throw new ToolError(
      'not-found',
      `No replacement was performed, old_str \`${echo(asGiven)}\` did not appear verbatim in ${path.display}.`,
      undefined,
      `No replacement was performed: old_str did not appear verbatim in ${path.display}.`
    )
  }
  if (found.length > 1) {
    const lines = [...new Set(found.map((offset) => lineAt(text, offset)))]
    throw new ToolError(
      'refused',
      `No replacement was performed. Multiple occurrences of old_str \`${echo(asGiven)}\` in lines: ${lines.join(', ')}. Please ensure it is unique`,
      undefined,
      `No replacement was performed: old_str occurs more than once in ${path.display} (lines ${lines.join(', ')}).`
    )
  }
  return found[0] as number
}

/** Every start offset, overlapping ones included: "aa" in "aaa" is ambiguous, so it counts twice. */
export function occurrences(text: string, needle: string): number[] {
  const found: number[] = []
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    found.push(i)
    if (found.length > 1000) break
  }
  return found
}

function echo(text: string): string {
  return text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT)}…` : text
}

export function snippet(path: MemoryPath, text: string, first: number, last: number): string {
  const from = Math.max(1, first - SNIPPET_LINES)
  const to = last + SNIPPET_LINES
  const body: string[] = []
  // Walks line starts up to the last line shown: a 5 MB file is not split into its lines.
  for (let n = 1, start = 0; n <= to; n++) {
    const end = text.indexOf('\n', start)
    if (n >= from) body.push(numbered(n, text.slice(start, end === -1 ? text.length : end)))
    if (end === -1) break
    start = end + 1
  }
  return `Here's a snippet of ${path.display} with line numbers:\n${body.join('\n')}`
}
