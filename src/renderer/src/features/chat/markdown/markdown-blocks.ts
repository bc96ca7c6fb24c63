export const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * Splits markdown into top-level blocks at blank lines outside fenced code, keeping every
 * character: `splitBlocks(text).join('') === text`. While a reply streams, every block but the
 * last is final (text only grows at the end), so each can be parsed once and kept.
 */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = []
  let fence: string | null = null
  let start = 0
  let offset = 0
  let previousBlank = false
  for (const line of text.split(/(?<=\n)/)) {
    const blank = line.trim() === ''
    // A block ends before the first non-blank line after blank lines, outside a fence.
    if (fence === null && previousBlank && !blank && offset > start) {
      blocks.push(text.slice(start, offset))
      start = offset
    }
    const marker = FENCE.exec(line)?.[1]
    if (fence === null && marker) fence = marker
    else if (
      fence !== null &&
      marker &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.slice(line.indexOf(marker) + marker.length).trim() === '' // a closing fence is bare
    )
      fence = null
    previousBlank = fence === null && blank
    offset += line.length
  }
  if (offset > start || blocks.length === 0) blocks.push(text.slice(start))
  return blocks
}

/** Link reference and footnote definitions reach other blocks; HTML blocks may span blank lines. */
const NOT_LOCAL = /^ {0,3}(?:\[[^\]\n]*\]:|<)/m
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/
const LIST_LINE = new RegExp(LIST_ITEM.source, 'm')

/** Whether `block` can belong to `before` across a blank line: an indented line (list item
 *  content, indented code) or, after a list, another item (a loose list). */
function continues(before: string, block: string): boolean {
  return /^[ \t]/.test(block) || (LIST_ITEM.test(block) && LIST_LINE.test(before))
}

/**
 * A saved message's blocks that parse exactly as the whole text does: `splitBlocks`, with each
 * block that may continue the one before joined to it. Null when only the whole text parses right
 * (definitions, HTML). Rendered one after another with a newline between, like the whole text's
 * top-level elements, they are the same DOM, and the blocks a streamed reply already parsed are
 * reused (markdown-cache.ts).
 */
export function savedBlocks(text: string): string[] | null {
  if (NOT_LOCAL.test(text)) return null
  const groups: string[] = []
  for (const block of splitBlocks(text)) {
    const last = groups.length - 1
    if (last >= 0 && (groups[last]!.trim() === '' || continues(groups[last]!, block)))
      groups[last] += block
    else groups.push(block)
  }
  return groups
}
