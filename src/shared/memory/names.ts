// Showing names that came from outside (a file manager, a sync tool) without letting them speak:
// a name may hold line breaks, escape sequences, direction overrides or invisible characters.

/** Characters a name must never carry raw into text Claude or the user reads. */
export const UNSAFE_IN_TEXT =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u2800\\]|[^\S ]/u

/**
 * `name` with every control, format, invisible, unassigned or non-space blank character written
 * as `\u{XXXX}` (and `\` as `\\`, line breaks and tab as `\n` `\r` `\t`), cut at `max` characters.
 * The result is one line of visible characters.
 */
export function escapeName(name: string, max = 200): string {
  let out = ''
  for (const char of name) {
    if (!UNSAFE_IN_TEXT.test(char)) out += char
    else if (char === '\\') out += '\\\\'
    else if (char === '\n') out += '\\n'
    else if (char === '\r') out += '\\r'
    else if (char === '\t') out += '\\t'
    else out += `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`
    if (out.length > max) return `${out.slice(0, max)}…`
  }
  return out
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** Natural order ("topic-2" < "topic-10"), then plain order so "A" and "a" keep one place. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
}

/**
 * Slash-separated paths in the order the memory tree shows them: in each folder its folders first,
 * then its files, each by `compareNames`.
 */
export function compareTreePaths(a: string, b: string): number {
  const left = a.split('/')
  const right = b.split('/')
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftIsDir = i < left.length - 1
    const rightIsDir = i < right.length - 1
    if (leftIsDir !== rightIsDir) return leftIsDir ? -1 : 1
    const order = compareNames(left[i]!, right[i]!)
    if (order) return order
  }
  return left.length - right.length
}
