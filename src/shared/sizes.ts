// Sizes as people type and read them ("64 KB", "1.5 MB"), stored as bytes. Binary units (1 KB =
// 1,024 bytes), the same the engine measures files with and the inspector prints.

const FACTORS = { byte: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const
type Unit = keyof typeof FACTORS

// Spellings people use for each unit, lowercased. "k"/"kib"/"kilobytes" all mean 1,024 bytes here.
const SPELLINGS: Record<string, Unit> = {
  '': 'byte',
  b: 'byte',
  byte: 'byte',
  bytes: 'byte',
  k: 'KB',
  kb: 'KB',
  kib: 'KB',
  kilobyte: 'KB',
  kilobytes: 'KB',
  m: 'MB',
  mb: 'MB',
  mib: 'MB',
  megabyte: 'MB',
  megabytes: 'MB',
  g: 'GB',
  gb: 'GB',
  gib: 'GB',
  gigabyte: 'GB',
  gigabytes: 'GB'
}

export type ParsedSize = { ok: true; bytes: number } | { ok: false; message: string }

// Longer text is no size; the bound also keeps the pattern below cheap on anything pasted.
const MAX_CHARS = 40
const EXAMPLE = 'for example 64 KB, 1.5 MB or 2048 bytes'

/**
 * "64 KB" → 65,536; "1.5 MB" → 1,572,864; "2,048" (no unit) → 2,048 bytes. A fraction of a byte is
 * rounded to the nearest byte. Anything else is refused with a message that says what to type.
 */
export function parseSize(text: string): ParsedSize {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: `Type a size, ${EXAMPLE}.` }
  if (trimmed.length > MAX_CHARS)
    return { ok: false, message: `That is not a size: type a number and a unit, ${EXAMPLE}.` }
  const match = /^([+-]?)([\d\s,_]*\.?\d*)\s*([a-z]*)$/i.exec(trimmed)
  const digits = match?.[2]?.replace(/[\s,_]/g, '') ?? ''
  if (!match || !/^(\d+\.?\d*|\.\d+)$/.test(digits)) {
    return {
      ok: false,
      message: `"${clip(trimmed)}" is not a size: type a number and a unit, ${EXAMPLE}.`
    }
  }
  const unit = SPELLINGS[(match[3] ?? '').toLowerCase()]
  if (!unit) {
    return {
      ok: false,
      message: `"${clip(match[3] ?? '')}" is not a unit Cairn knows: use bytes, KB, MB or GB.`
    }
  }
  if (match[1] === '-') return { ok: false, message: 'A size cannot be negative.' }
  const bytes = Math.round(Number(digits) * FACTORS[unit])
  if (!Number.isSafeInteger(bytes)) return { ok: false, message: 'That size is far too large.' }
  return { ok: true, bytes }
}

function clip(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text
}

const EN_US = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * The size to show in a field, exact so that saving it unchanged stores the same bytes: the largest
 * unit that names it with at most two decimals ("64 KB", "1.5 MB"), else the bytes ("1,000 bytes").
 */
export function formatSizeInput(bytes: number): string {
  for (const unit of ['GB', 'MB', 'KB'] as const) {
    const value = bytes / FACTORS[unit]
    const rounded = Math.round(value * 100) / 100
    if (value >= 1 && Math.abs(rounded * FACTORS[unit] - bytes) < 1e-6)
      return `${EN_US.format(rounded)} ${unit}`
  }
  return `${EN_US.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`
}

const UNITS = ['KB', 'MB', 'GB'] as const
const WHOLE = new Intl.NumberFormat('en-US')

/** 262144 → "256 KB", 1258291 → "1.2 MB": a size to read (rounded), not to type back. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return ''
  if (Math.abs(bytes) < 1024)
    return `${WHOLE.format(bytes)} ${Math.abs(bytes) === 1 ? 'byte' : 'bytes'}`
  let value = bytes
  let unit: (typeof UNITS)[number] = 'KB'
  for (const next of UNITS) {
    value /= 1024
    unit = next
    if (Math.abs(value) < 1024) break
  }
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10
  return `${WHOLE.format(rounded)} ${unit}`
}
