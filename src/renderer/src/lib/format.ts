const UNITS = ['KB', 'MB', 'GB'] as const

/** 262144 → "256 KB". Binary units, because caps are set in bytes and files are measured that way. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return ''
  if (Math.abs(bytes) < 1024)
    return `${bytes.toLocaleString('en-US')} ${Math.abs(bytes) === 1 ? 'byte' : 'bytes'}`
  let value = bytes
  let unit: (typeof UNITS)[number] = 'KB'
  for (const next of UNITS) {
    value /= 1024
    unit = next
    if (Math.abs(value) < 1024) break
  }
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10
  return `${rounded.toLocaleString('en-US')} ${unit}`
}

/** 1000000 → "1,000,000" (always en-US so messages match the schema's own). */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US')
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
