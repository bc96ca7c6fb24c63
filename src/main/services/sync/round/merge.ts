import { diffArrays } from 'diff'

// A three-way merge of text by lines from the common base: clean when the two sides changed
// different lines (or made the same change), otherwise null (the caller keeps both).

interface Hunk {
  /** Base lines [start, end) replaced by `lines`. */
  start: number
  end: number
  lines: string[]
}

function hunks(base: string[], side: string[]): Hunk[] {
  const out: Hunk[] = []
  let at = 0
  let open: Hunk | null = null
  for (const part of diffArrays(base, side)) {
    if (!part.added && !part.removed) {
      if (open) out.push(open)
      open = null
      at += part.count ?? part.value.length
      continue
    }
    open ??= { start: at, end: at, lines: [] }
    if (part.removed) {
      at += part.value.length
      open.end = at
    } else open.lines.push(...part.value)
  }
  if (open) out.push(open)
  return out
}

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

export function mergeText(base: string, mine: string, theirs: string): string | null {
  if (mine === theirs) return mine
  if (mine === base) return theirs
  if (theirs === base) return mine
  const b = splitLines(base)
  const a = hunks(b, splitLines(mine))
  const c = hunks(b, splitLines(theirs))
  const out: string[] = []
  let at = 0
  let i = 0
  let j = 0
  while (i < a.length || j < c.length) {
    const x = a[i]
    const y = c[j]
    let next: Hunk
    if (x && y) {
      // Overlapping or touching edits conflict (as in diff3) unless they are the same edit.
      const overlap = x.start <= y.end && y.start <= x.end
      if (overlap) {
        if (x.start === y.start && x.end === y.end && x.lines.join('') === y.lines.join('')) {
          next = x
          i += 1
          j += 1
        } else return null
      } else if (x.start < y.start) {
        next = x
        i += 1
      } else {
        next = y
        j += 1
      }
    } else if (x) {
      next = x
      i += 1
    } else {
      next = y as Hunk
      j += 1
    }
    out.push(...b.slice(at, next.start), ...next.lines)
    at = next.end
  }
  out.push(...b.slice(at))
  return out.join('')
}
