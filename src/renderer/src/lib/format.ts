export { clockPhrase, inDays, plural, policySentence } from '@shared/words'
export { formatBytes } from '@shared/sizes'

// One formatter for the whole app: toLocaleString builds a new ICU formatter on every call, which
// showed up as milliseconds per streamed delta.
const EN_US = new Intl.NumberFormat('en-US')

/** 1000000 → "1,000,000" (always en-US so messages match the schema's own). */
export function formatNumber(value: number): string {
  return EN_US.format(value)
}

/**
 * Reads a whole number as people type it ("1,024", "20 000", "4_096"). Anything else becomes NaN,
 * which the settings schema rejects with its own message naming the range.
 */
export function parseWholeNumber(text: string): number {
  const compact = text.trim().replace(/[\s,_]/g, '')
  if (!/^[+-]?\d+(\.\d+)?$/.test(compact)) return Number.NaN
  return Number(compact)
}
