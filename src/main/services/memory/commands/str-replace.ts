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
import { lineAt, numbered } from '../core/format'
import type { MemoryPath } from '../jail/paths'
import { writeAtomic } from '../jail/fs-ops'
import { guardWrite } from '../secret-guard'
import { reframe, toFrameInput } from '../core/text-frame'
import { ToolError } from '../jail/io-failure'
import type { CommandOf } from './input'
import { checkpoint, planned, planOf, textChange } from './plan'

const SNIPPET_LINES = 4
const ECHO_LIMIT = 1000

/** Replaces the one exact occurrence of `old_str`; `new_str` is inserted literally (no `$&`). */
export async function strReplace(
  ctx: Ctx,
  path: MemoryPath,
  input: CommandOf<'str_replace'>
): Promise<Done> {
  const missing = () =>
    new ToolError(
      'not-found',
      `Error: The path ${path.display} does not exist. Please provide a valid path.${expiredNote(ctx, path)}`
    )
  if (path.isRoot) throw missing()
  return inParent(ctx, path, missing, async (dir) => {
    const read = await readIn(dir, path, missing)
    const { text, frame } = editableText(read, path)
    noteRead(ctx, path, read, false)
    const oldStr = toFrameInput(input.old_str, frame)
    const newStr = toFrameInput(input.new_str, frame)
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
        `No replacement was performed, old_str \`${echo(input.old_str)}\` did not appear verbatim in ${path.display}.`,
        undefined,
        `No replacement was performed: old_str did not appear verbatim in ${path.display}.`
      )
    }
    if (found.length > 1) {
      const lines = [...new Set(found.map((offset) => lineAt(text, offset)))]
      throw new ToolError(
        'refused',
        `No replacement was performed. Multiple occurrences of old_str \`${echo(input.old_str)}\` in lines: ${lines.join(', ')}. Please ensure it is unique`,
        undefined,
        `No replacement was performed: old_str occurs more than once in ${path.display} (lines ${lines.join(', ')}).`
      )
    }
    const at = found[0] as number
    const edited = text.slice(0, at) + newStr + text.slice(at + oldStr.length)
    const { text: next, note } = await guardWrite(ctx, {
      display: path.display,
      text: edited,
      region: [at, at + newStr.length]
    })
    const bytes = reframe(next, frame)
    const newSize = Buffer.byteLength(bytes)
    checkCaps(ctx, { display: path.display, verb: 'edit', oldSize: read.size, newSize })
    const plan = planOf('str_replace', path.display, hashOf(read.bytes), textChange(text, next))
    if (checkpoint(ctx, plan) === 'planned') return planned(plan)
    noteIntent(ctx, bytes)
    const info = await writeAtomic(dir, nameOf(path), bytes, false)
    const entry = noteWrite(ctx, path.rel, bytes, info)
    const first = lineAt(next, at)
    const added = next.length - (text.length - oldStr.length)
    const lastLine = lineAt(next, at + Math.max(added - 1, 0))
    return {
      content: `The memory file has been edited. ${snippet(path, next, first, lastLine)}${note}${usageNotice(ctx, entry.size)}`,
      paths: [path.display],
      bytesBefore: read.size,
      bytesAfter: entry.size
    }
  })
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
  const lines = text.split('\n')
  const from = Math.max(1, first - SNIPPET_LINES)
  const to = Math.min(lines.length, last + SNIPPET_LINES)
  const body: string[] = []
  for (let n = from; n <= to; n++) body.push(numbered(n, lines[n - 1] ?? ''))
  return `Here's a snippet of ${path.display} with line numbers:\n${body.join('\n')}`
}
