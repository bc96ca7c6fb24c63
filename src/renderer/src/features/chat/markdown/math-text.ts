import { FENCE } from './markdown-blocks'

/*
 * Claude writes math as `$…$`, `$$…$$`, `\(…\)` and `\[…\]`, and prices as `$5`. remark-math reads
 * only dollars and would read "$5 and $10" as math, so before parsing: a dollar that starts a
 * plain amount is escaped, and the backslash delimiters become dollars. Code (fenced or inline)
 * is never touched.
 */

/** `$` + an amount, then something that cannot continue a formula ("$5 ", "$1,200.50.", "$3k"). */
const PRICE = /(?<![\\$])\$(?=\d[\d,]*(?:\.\d+)?(?![.,]?\d)(?:[kKmMbB]|bn)?(?![\w$^_{}\\+*=<>(|]))/g
const INLINE_PARENS = /\\\((.+?)\\\)/g
const INLINE_BRACKETS = /\\\[(.+?)\\\]/g
const BRACKET_LINE = /^(\s*)\\[[\]]\s*$/
/** Inline code spans: a run of backticks up to the same run. */
const CODE_SPAN = /(`+)[\s\S]*?\1/g

function prepareProse(text: string): string {
  return text
    .replace(PRICE, '\\$')
    .replace(INLINE_PARENS, (_, math: string) => `$$${math}$$`)
    .replace(INLINE_BRACKETS, (_, math: string) => `$$${math}$$`)
}

function prepareLine(line: string): string {
  const bracket = BRACKET_LINE.exec(line)
  if (bracket) return line.replace(/\\[[\]]/, '$$$$')
  let out = ''
  let last = 0
  for (const span of line.matchAll(CODE_SPAN)) {
    out += prepareProse(line.slice(last, span.index)) + span[0]
    last = span.index + span[0].length
  }
  return out + prepareProse(line.slice(last))
}

/** The text remark-math should parse; unchanged when it holds no math delimiters at all. */
export function prepareMath(text: string): string {
  if (!mayHaveMath(text)) return text
  let fence: string | null = null
  return text
    .split(/(?<=\n)/)
    .map((line) => {
      const marker = FENCE.exec(line)?.[1]
      if (fence === null && marker) fence = marker
      else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length)
        fence = null
      else if (fence === null && !marker) return prepareLine(line)
      return line
    })
    .join('')
}

/** Cheap test, so text without math never loads KaTeX. */
export function mayHaveMath(text: string): boolean {
  return text.includes('$') || text.includes('\\(') || text.includes('\\[')
}
