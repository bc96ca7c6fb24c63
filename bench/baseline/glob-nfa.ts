// The pinned-pattern matcher before issue 35 (a hand-written NFA run per pattern per path), kept
// only as bench/pins.bench.ts's baseline. The app uses src/main/services/memory/core/glob.ts.
import { MEMORY_ROOT } from '@shared/memory/memory'

/**
 * Pinned patterns: `*` and `?` stay within one name, `**` spans folders. A pattern without a `/`
 * matches a name at any depth (`*.md`); otherwise, or when it starts with `/` or `/memories/`, it
 * matches the path from the root (`projects/**`, `/memories/keep.md`). A folder match pins
 * everything inside it.
 *
 * Matching walks a small state machine (a set of positions in the pattern) over the path once, so
 * it takes at most (path length × pattern length) steps whatever the pattern: a regex would
 * backtrack exponentially on `*a*a*a*a*a*a*a*b`.
 */
export function compileGlobs(patterns: readonly string[]): (rel: string) => boolean {
  const tests = patterns.map(compileOne)
  return (rel) => tests.some((test) => test(rel))
}

/** Counts matcher steps, for tests that check the work stays linear. */
export interface GlobStats {
  steps: number
}

/** Whether `text` matches the whole of `glob` (no anchoring rules, no folder rule). */
export function matchGlob(glob: string, text: string, stats?: GlobStats): boolean {
  return run(tokenize(glob), text, false, stats)
}

// A pattern compiles to tokens; the machine's states are token indexes (tokens.length = accept).
type Token =
  | { kind: 'char'; char: string }
  | { kind: 'one' } // `?`: one code point, not `/`
  | { kind: 'star' } // `*`: any run within one name
  | { kind: 'globstar' } // `**`: any run, across folders
  // `**/` is two states: on entry it may match nothing; once inside it must end with a `/`.
  | { kind: 'globstar-slash' }
  | { kind: 'globstar-slash-inside' }

function compileOne(pattern: string): (rel: string) => boolean {
  let body = pattern.trim()
  const anchored = body.startsWith('/')
  if (body === MEMORY_ROOT || body === `${MEMORY_ROOT}/`) body = '**'
  else if (body.startsWith(`${MEMORY_ROOT}/`)) body = body.slice(MEMORY_ROOT.length + 1)
  else if (anchored) body = body.slice(1)
  if (body.endsWith('/')) body += '**'
  const anyDepth = !anchored && !body.includes('/')
  const tokens = tokenize(body)
  return (rel) => {
    if (anyDepth) return rel.split('/').some((part) => run(tokens, part, false))
    // The path itself or any folder containing it: one pass, accepting at each `/` too.
    return run(tokens, rel, true)
  }
}

function tokenize(glob: string): Token[] {
  const chars = Array.from(glob)
  const tokens: Token[] = []
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string
    if (char === '*' && chars[i + 1] === '*') {
      i++
      if (chars[i + 1] === '/') {
        i++
        tokens.push({ kind: 'globstar-slash' }, { kind: 'globstar-slash-inside' })
      } else {
        tokens.push({ kind: 'globstar' })
      }
    } else if (char === '*') {
      // `a**` and `a***` mean the same; repeated stars add no states.
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' })
    } else if (char === '?') {
      tokens.push({ kind: 'one' })
    } else {
      tokens.push({ kind: 'char', char })
    }
  }
  return tokens
}

/**
 * Runs the machine over `text`. With `atFolders`, also accepts when a prefix ending just before a
 * `/` matches (a pinned folder pins its contents).
 */
function run(tokens: Token[], text: string, atFolders: boolean, stats?: GlobStats): boolean {
  const size = tokens.length + 1
  let current = new Uint8Array(size)
  let next = new Uint8Array(size)
  current[0] = 1
  close(tokens, current)
  for (const char of text) {
    if (atFolders && char === '/' && current[tokens.length]) return true
    next.fill(0)
    let alive = false
    for (let state = 0; state < tokens.length; state++) {
      if (!current[state]) continue
      if (stats) stats.steps++
      const token = tokens[state] as Token
      switch (token.kind) {
        case 'char':
          if (token.char === char) next[state + 1] = 1
          break
        case 'one':
          if (char !== '/') next[state + 1] = 1
          break
        case 'star':
          if (char !== '/') next[state] = 1
          break
        case 'globstar':
          next[state] = 1
          break
        case 'globstar-slash':
          continue // consumes nothing itself: its closure holds the inside state
        case 'globstar-slash-inside':
          next[state] = 1
          if (char === '/') next[state + 1] = 1
          break
      }
      alive = true
    }
    if (!alive) return false
    close(tokens, next)
    ;[current, next] = [next, current]
  }
  return current[tokens.length] === 1
}

/** Stars may match nothing: a live star state also makes the state after it live. */
function close(tokens: Token[], states: Uint8Array): void {
  for (let state = 0; state < tokens.length; state++) {
    if (!states[state]) continue
    const kind = (tokens[state] as Token).kind
    if (kind === 'star' || kind === 'globstar') states[state + 1] = 1
    // Entering `**/`: skip it (state + 2) or go inside (state + 1).
    if (kind === 'globstar-slash') states[state + 1] = states[state + 2] = 1
  }
}
