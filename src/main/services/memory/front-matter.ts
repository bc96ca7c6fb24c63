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
