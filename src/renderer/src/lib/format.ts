export { clockPhrase, inDays, plural, policySentence } from '@shared/words'

const UNITS = ['KB', 'MB', 'GB'] as const

// One formatter for the whole app: toLocaleString builds a new ICU formatter on every call, which
// showed up as milliseconds per streamed delta.
const EN_US = new Intl.NumberFormat('en-US')

/** 262144 → "256 KB". Binary units, because caps are set in bytes and files are measured that way. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return ''
  if (Math.abs(bytes) < 1024)
    return `${EN_US.format(bytes)} ${Math.abs(bytes) === 1 ? 'byte' : 'bytes'}`
  let value = bytes
  let unit: (typeof UNITS)[number] = 'KB'
  for (const next of UNITS) {
    value /= 1024
    unit = next
    if (Math.abs(value) < 1024) break
  }
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10
  return `${EN_US.format(rounded)} ${unit}`
}

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
