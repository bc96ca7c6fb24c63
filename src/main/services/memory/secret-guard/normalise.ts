import type { Pace } from '../core/pace'

// Secrets hidden from patterns: split by zero-width or bidi characters, written in full-width
// letters, quoted or commented line by line ("> ", "# ", "// ", "- "), or wrapped over lines.
// The guard scans the raw text and these normalised forms of it; every character of a form
// remembers the raw span it came from, so a finding maps back to the raw text exactly (its
// line, and a span that redaction removes whole, hidden characters included).

/** Zero-width (U+200B–U+200D, U+2060, U+FEFF) and bidi controls (U+200E/F, U+202A–E, U+2066–9). */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** A form of the text: each UTF-16 unit `i` of `text` came from raw `[from[i], to[i])`. */
export interface Form {
  text: string
  from: number[]
  to: number[]
}

interface Span {
  kind: string
  start: number
  end: number
}

/** Where a line's content starts once quote, list and comment marks are skipped. */
function contentStart(raw: string, at: number, lineEnd: number): number {
  for (;;) {
    while (at < lineEnd && (raw[at] === ' ' || raw[at] === '\t')) at++
    const head = raw.slice(at, at + 3)
    if (raw[at] === '>') at += raw[at + 1] === ' ' ? 2 : 1
    else if (/^[-*#] /.test(head)) at += 2
    // "// " needs its space: a base64 line may start with "//".
    else if (head === '// ' || (head === '//' && at + 2 === lineEnd)) at += 2
    else if (raw[at] === ';') at += 1
    else return at
  }
}

const NON_ASCII = /[\u0080-\uffff]/

/** Characters normalised between two hand-backs of the event loop. */
const CHUNK_CHARS = 16 * 1024

/** NFKC, without invisible characters or line marks; line breaks kept. */
export async function normalised(raw: string, pace: Pace): Promise<Form> {
  const parts: string[] = []
  const from: number[] = []
  const to: number[] = []
  for (let lineAt = 0, paced = 0; ;) {
    if (lineAt - paced > CHUNK_CHARS) {
      paced = lineAt
      await pace()
    }
    const nl = raw.indexOf('\n', lineAt)
    const lineEnd = nl === -1 ? raw.length : nl
    const start = contentStart(raw, lineAt, lineEnd)
    const content = raw.slice(start, lineEnd)
    if (!NON_ASCII.test(content)) {
      // Most lines: nothing to fold or drop.
      parts.push(content)
      for (let at = start; at < lineEnd; at++) {
        from.push(at)
        to.push(at + 1)
      }
    } else
      for (let at = start; at < lineEnd;) {
        const code = raw.codePointAt(at) ?? 0
        if (code < 0x80) {
          parts.push(raw[at] as string)
          from.push(at)
          to.push(++at)
          continue
        }
        const width = code > 0xffff ? 2 : 1
        const char = raw.slice(at, at + width)
        if (!INVISIBLE.test(char)) {
          const plain = char.normalize('NFKC')
          for (let k = 0; k < plain.length; k++) {
            from.push(at)
            to.push(at + width)
          }
          parts.push(plain)
        }
        at += width
      }
    if (nl === -1) break
    parts.push('\n')
    from.push(nl)
    to.push(nl + 1)
    lineAt = nl + 1
  }
  return { text: parts.join(''), from, to }
}

/** Characters of a token (base64, base64url, key alphabets), by char code. */
const TOKEN_CODES = new Uint8Array(128)
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-')
  TOKEN_CODES[char.charCodeAt(0)] = 1
const isToken = (text: string, at: number) => TOKEN_CODES[text.charCodeAt(at)] === 1

/** A line ending in a run at least this long, followed by a line going on with one, was wrapped. */
const WRAPPED_RUN = 16

/**
 * Whether the line at `at` goes on with a wrapped token: it starts with a run of 8 or more token
 * characters, or is one run (a short tail), so "Last line." after a token is not glued to it.
 */
function goesOn(text: string, at: number): boolean {
  let end = at
  while (end < text.length && isToken(text, end)) end++
  const code = text.charCodeAt(end)
  return end - at >= 8 || (end > at && (end === text.length || code === 10 || code === 13))
}

/** `form` with wrapped lines joined: a long token run at a line's end goes on in the next line. */
export function joined(form: Form): Form {
  const src = form.text
  // The line breaks (\n or \r\n) to drop, as [start, end) pairs.
  const cuts: number[] = []
  let run = 0
  for (let i = 0; i < src.length; i++) {
    const code = src.charCodeAt(i)
    const lineBreak = code === 10 ? 1 : code === 13 && src.charCodeAt(i + 1) === 10 ? 2 : 0
    if (lineBreak && run >= WRAPPED_RUN && goesOn(src, i + lineBreak)) {
      cuts.push(i, i + lineBreak)
      i += lineBreak - 1
      continue
    }
    run = isToken(src, i) ? run + 1 : 0
  }
  if (cuts.length === 0) return form
  const parts: string[] = []
  const from: number[] = []
  const to: number[] = []
  for (let k = 0, at = 0; k <= cuts.length; k += 2) {
    const end = cuts[k] ?? src.length
    parts.push(src.slice(at, end))
    for (let i = at; i < end; i++) {
      from.push(form.from[i] as number)
      to.push(form.to[i] as number)
    }
    at = cuts[k + 1] ?? src.length
  }
  return { text: parts.join(''), from, to }
}

/** A key block's armour (PEM, PGP, PuTTY): what quote and list marks can break apart. */
const ARMOUR = /-----BEGIN |PuTTY-User-Key-File/
/** A long token run at a line's end, the next line going on with token characters. */
const WRAP_HINT = /[\w+/=-]{16}\r?\n[ \t>#;*/-]*[\w+/=-]/

/**
 * The forms of `raw` worth scanning besides itself (none when normalising changes nothing a
 * pattern could see). On ASCII lines, taking off quote, list and comment marks leaves each line's
 * own content as it was, so the raw scan sees it already: the normalised form matters only with
 * non-ASCII characters (NFKC, invisible ones) or a key block across marked lines, and the joined
 * one only where a token wraps. Most memory notes have none, and skip both (half the guard's cost).
 */
export async function formsOf(raw: string, pace: Pace): Promise<Form[]> {
  const folds = NON_ASCII.test(raw) || ARMOUR.test(raw)
  if (!folds && !WRAP_HINT.test(raw)) return []
  const forms: Form[] = []
  const plain = await normalised(raw, pace)
  if (folds && plain.text !== raw) forms.push(plain)
  const wrapped = joined(plain)
  if (wrapped.text !== plain.text) forms.push(wrapped)
  return forms
}

/** A span found in a form, as the raw span its characters came from. */
export function toRaw<T extends Span>(form: Form, span: T): T {
  const start = form.from[span.start] ?? 0
  const end = form.to[Math.max(span.start, span.end - 1)] ?? start
  return { ...span, start, end }
}

/** Findings in the normalised forms of `raw`, as raw spans. */
export async function findInForms<T extends Span>(
  raw: string,
  scan: (text: string) => Promise<T[]>,
  pace: Pace
): Promise<T[]> {
  const found: T[] = []
  for (const form of await formsOf(raw, pace))
    for (const span of await scan(form.text)) found.push(toRaw(form, span))
  return found
}

/** Sorted spans with overlapping ones joined (the first one's kind kept). */
export function unite<T extends Span>(spans: readonly T[]): T[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end)
  const out: T[] = []
  for (const span of sorted) {
    const last = out[out.length - 1]
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end)
    else out.push({ ...span })
  }
  return out
}
