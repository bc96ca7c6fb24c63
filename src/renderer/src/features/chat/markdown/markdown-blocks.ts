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
