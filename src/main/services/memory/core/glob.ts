import { RE2JS } from 're2js'
import { MEMORY_ROOT } from '@shared/memory/memory'

/**
 * Pinned patterns: `*` and `?` stay within one name, `**` spans folders, `\` makes the next
 * character literal (the Pin button escapes names that hold `*?[]{}!`). A pattern without a `/`
 * matches a name at any depth (`*.md`); otherwise, or when it starts with `/` or `/memories/`, it
 * matches the path from the root (`projects/**`, `/memories/keep.md`). A folder match pins
 * everything inside it.
 *
 * Each pattern compiles once (per pattern set) into an RE2 expression run by re2js: automata
 * with no backtracking, so a path is matched in time linear in its length whatever the pattern.
 * A backtracking regex takes exponential time on `*a*a*a*a*a*a*a*b`; the hand-written automaton
 * this replaced was linear but re-walked every pattern's states for every character of every
 * path (seconds per expiry preview with 100 long patterns); re2js caches the states it has built
 * (a lazy DFA). One expression per pattern, not one for the whole set: a set's joint states
 * multiply, and on paths made of the patterns' own letters that was slower than the old one.
 */
export function compileGlobs(patterns: readonly string[]): (rel: string) => boolean {
  if (patterns.length === 0) return () => false
  const key = JSON.stringify(patterns)
  let matcher = compiled.get(key)
  if (matcher) {
    compiled.delete(key) // most recently used last
  } else {
    const expressions = patterns.map((pattern) =>
      RE2JS.compile(expressionOf(pattern), RE2JS.DOTALL)
    )
    matcher = (rel) => expressions.some((expression) => expression.testExact(rel))
    if (compiled.size >= CACHED_SETS) compiled.delete(compiled.keys().next().value as string)
  }
  compiled.set(key, matcher)
  return matcher
}

/** Whether `text` matches the whole of `glob` (no anchoring rules, no folder rule). */
export function matchGlob(glob: string, text: string): boolean {
  return RE2JS.compile(translate(glob, false), RE2JS.DOTALL).testExact(text)
}

/**
 * Compiled sets, least recently used first: every preview, list page and cap check asks for the
 * saved set again, and compiling a hostile set (100 patterns of 200 characters) takes tens of ms.
 */
const compiled = new Map<string, (rel: string) => boolean>()
const CACHED_SETS = 8

/** One pattern as an RE2 expression over a whole relative path. */
function expressionOf(pattern: string): string {
  let body = pattern.trim()
  const anchored = body.startsWith('/')
  if (body === MEMORY_ROOT || body === `${MEMORY_ROOT}/`) body = '**'
  else if (body.startsWith(`${MEMORY_ROOT}/`)) body = body.slice(MEMORY_ROOT.length + 1)
  else if (anchored) body = body.slice(1)
  if (body.endsWith('/')) body += '**'
  const anyDepth = !anchored && !body.includes('/')
  // A name at any depth is one whole segment (its `**` cannot cross a `/` either), else a path
  // from the root; whatever follows a `/` after either is inside a pinned folder.
  const glob = translate(body, anyDepth)
  return anyDepth ? `(?:.*/)?${glob}(?:/.*)?` : `${glob}(?:/.*)?`
}

/** The glob as an RE2 expression matching a whole text; `oneName`: `**` stays within a name. */
function translate(glob: string, oneName: boolean): string {
  const chars = Array.from(glob)
  let out = ''
  let literal = ''
  const wildcard = (expression: string) => {
    out += RE2JS.quote(literal) + expression
    literal = ''
  }
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string
    if (char === '\\' && i + 1 < chars.length) {
      literal += chars[++i] as string
    } else if (char === '*' && chars[i + 1] === '*') {
      i++
      if (!oneName && chars[i + 1] === '/') {
        i++
        wildcard('(?:.*/)?')
      } else wildcard(oneName ? '[^/]*' : '.*')
    } else if (char === '*') wildcard('[^/]*')
    else if (char === '?') wildcard('[^/]')
    else literal += char
  }
  wildcard('')
  return `(?:${out})`
}
