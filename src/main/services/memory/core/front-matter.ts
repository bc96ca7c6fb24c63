/**
 * Whether a file's bytes can open a front-matter block: "---", after a UTF-8 byte-order mark or
 * not (the start `frontMatterExpiry` looks for; no other bytes decode to those characters). Most
 * files cannot, and a cold open of 100,000 need not decode each one's head to find that out.
 */
export function opensFrontMatter(bytes: Uint8Array): boolean {
  const at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  return bytes[at] === DASH && bytes[at + 1] === DASH && bytes[at + 2] === DASH
}

const DASH = 0x2d

/**
 * Reads `expires: <ISO date>` from YAML front-matter at the very start of a file, so Claude can
 * say "remember this until Friday". A date without a time means the start of that day (UTC).
 * Returns epoch milliseconds, or undefined when absent or not a valid date.
 */
export function frontMatterExpiry(text: string): number | undefined {
  const head = text.slice(0, 4096)
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(head)
  if (!open) return undefined
  const rest = head.slice(open[0].length)
  const close = /^(?:---|\.\.\.)[ \t]*$/m.exec(rest)
  if (!close) return undefined
  const block = rest.slice(0, close.index)
  const line = /^expires[ \t]*:[ \t]*(.*?)[ \t]*\r?$/m.exec(block)
  const raw = line?.[1]?.replace(/^(['"])(.*)\1$/, '$2').trim()
  if (!raw || !/^\d{4}-\d{2}-\d{2}/.test(raw)) return undefined
  const time = Date.parse(raw)
  return Number.isFinite(time) ? time : undefined
}

/**
 * `text` with the `expires:` line of its front-matter set to `date` (YYYY-MM-DD) or removed
 * (`null`); a front-matter block left empty goes too. Text without such a line comes back as is.
 */
export function withFrontMatterExpiry(text: string, date: string | null): string {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(text)
  if (!open) return text
  const start = open[0].length
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m.exec(text.slice(start))
  if (!close) return text
  const block = text.slice(start, start + close.index)
  const line = /^expires[ \t]*:.*(?:\r?\n|$)/m
  if (!line.test(block)) return text
  const next = block.replace(line, (found) =>
    date === null ? '' : `expires: ${date}${/\r?\n$/.exec(found)?.[0] ?? ''}`
  )
  const rest = text.slice(start + close.index)
  if (next.trim() === '')
    return (text.startsWith('\uFEFF') ? '\uFEFF' : '') + rest.slice(close[0].length)
  return text.slice(0, start) + next + rest
}
