// Text shapes Claude knows from the memory tool documentation.

export const MAX_LINES = 999_999
const LINE_NUMBER_WIDTH = 6

/** Human-readable size: `512B`, `1.5K`, `2.0K`, `1.2M`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`
  const units = ['K', 'M', 'G', 'T']
  let value = bytes / 1024
  let unit = 0
  while (Number(value.toFixed(1)) >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)}${units[unit]}`
}

/** `     1\tline`: the number right-aligned in 6 characters, a TAB, the line. */
export function numbered(lineNumber: number, line: string): string {
  return `${String(lineNumber).padStart(LINE_NUMBER_WIDTH, ' ')}\t${line}`
}

/** `1,234` */
export function count(value: number): string {
  return value.toLocaleString('en-US')
}

/** `1,234 bytes (1.2K)` */
export function bytesText(value: number): string {
  return value < 1024 ? `${count(value)} bytes` : `${count(value)} bytes (${formatSize(value)})`
}

export function percent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`
}

/** Number of lines as the tool counts them (split on \n). */
export function lineCount(text: string): number {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  return lines
}

/** 1-based line number of the character at `offset`. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}
