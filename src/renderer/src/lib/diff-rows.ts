import { diffLines, diffWordsWithSpace } from 'diff'

// A compact unified diff for the UI, computed by jsdiff: lines added and removed, the words that
// changed inside a replaced line, and only a little unchanged context around each change.

export interface Part {
  text: string
  /** Inside a replaced line: this run of words is what changed. */
  changed: boolean
}

export type DiffRow =
  | { kind: 'same' | 'add' | 'del'; oldNo: number | null; newNo: number | null; parts: Part[] }
  | { kind: 'gap'; lines: number }

export interface DiffSummary {
  rows: DiffRow[]
  added: number
  removed: number
}

function splitLines(value: string): string[] {
  const lines = value.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** Pairs a removed line with the added line that replaced it and marks the words that differ. */
function wordParts(before: string, after: string): [Part[], Part[]] {
  const del: Part[] = []
  const add: Part[] = []
  for (const change of diffWordsWithSpace(before, after)) {
    if (!change.added) del.push({ text: change.value, changed: change.removed })
    if (!change.removed) add.push({ text: change.value, changed: change.added })
  }
  // A line rewritten from end to end reads better without highlights than with all of them.
  const same = del.filter((p) => !p.changed).reduce((n, p) => n + p.text.trim().length, 0)
  if (same === 0) return [[{ text: before, changed: false }], [{ text: after, changed: false }]]
  return [del, add]
}

/** `before` → `after` as rows, unchanged runs beyond `context` lines folded into gaps. */
export function diffRows(before: string, after: string, context = 2): DiffSummary {
  const all: Exclude<DiffRow, { kind: 'gap' }>[] = []
  let oldNo = 1
  let newNo = 1
  let added = 0
  let removed = 0
  const changes = diffLines(before, after)
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]
    if (!change) continue
    const next = changes[i + 1]
    if (change.removed && next?.added) {
      // A replaced block: pair lines one to one for word highlights, the rest plain.
      const dels = splitLines(change.value)
      const adds = splitLines(next.value)
      const pairs = dels.map((line, k) => (adds[k] !== undefined ? wordParts(line, adds[k]) : null))
      dels.forEach((line, k) =>
        all.push({
          kind: 'del',
          oldNo: oldNo++,
          newNo: null,
          parts: pairs[k]?.[0] ?? [{ text: line, changed: false }]
        })
      )
      adds.forEach((line, k) =>
        all.push({
          kind: 'add',
          oldNo: null,
          newNo: newNo++,
          parts: pairs[k]?.[1] ?? [{ text: line, changed: false }]
        })
      )
      removed += dels.length
      added += adds.length
      i++
      continue
    }
    for (const line of splitLines(change.value)) {
      const parts = [{ text: line, changed: false }]
      if (change.added) {
        all.push({ kind: 'add', oldNo: null, newNo: newNo++, parts })
        added++
      } else if (change.removed) {
        all.push({ kind: 'del', oldNo: oldNo++, newNo: null, parts })
        removed++
      } else all.push({ kind: 'same', oldNo: oldNo++, newNo: newNo++, parts })
    }
  }
  return { rows: fold(all, context), added, removed }
}

function fold(all: Exclude<DiffRow, { kind: 'gap' }>[], context: number): DiffRow[] {
  const near = all.map(() => false)
  all.forEach((row, i) => {
    if (row.kind === 'same') return
    for (let k = Math.max(0, i - context); k <= Math.min(all.length - 1, i + context); k++)
      near[k] = true
  })
  const rows: DiffRow[] = []
  let hidden = 0
  all.forEach((row, i) => {
    if (near[i]) {
      if (hidden) rows.push({ kind: 'gap', lines: hidden })
      hidden = 0
      rows.push(row)
    } else hidden++
  })
  if (hidden && rows.length) rows.push({ kind: 'gap', lines: hidden })
  return rows
}
