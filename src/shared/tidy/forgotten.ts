import { diffLines } from 'diff'

// What a tidy would make memory forget: lines a file loses (by a line diff of before → after)
// that no file of the folder holds after the tidy. A fact moved to another file, or reworded
// only in case, spacing or its list marker, is not forgotten; a fact dropped is. A heading is
// the file's structure, not a fact: it is never flagged.

const HEADING = /^\s*#{1,6}\s/

/** A line as compared: no list marker, heading mark or quote, spaces folded, any case. */
export function lineKey(line: string): string {
  return line
    .replace(/^\s*(?:[-*+>]|#{1,6}|\d+[.)])\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** Every line key of a folder's texts (blank lines left out). */
export function keysOf(texts: Iterable<string>): Set<string> {
  const keys = new Set<string>()
  for (const text of texts)
    for (const line of text.split(/\r?\n/)) {
      const key = lineKey(line)
      if (key) keys.add(key)
    }
  return keys
}

/** Lines `before` loses on the way to `after` that no text of the folder after holds. */
export function forgottenLines(
  before: string | null,
  after: string | null,
  folderAfter: ReadonlySet<string>
): string[] {
  if (before === null) return []
  const removed =
    after === null
      ? before.split(/\r?\n/)
      : diffLines(before, after).flatMap((part) => (part.removed ? part.value.split(/\r?\n/) : []))
  const out: string[] = []
  for (const line of removed) {
    const key = lineKey(line)
    if (!key || HEADING.test(line) || folderAfter.has(key) || out.includes(line)) continue
    out.push(line)
  }
  return out
}
