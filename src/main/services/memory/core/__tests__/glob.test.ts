import { describe, expect, it } from 'vitest'
import { MEMORY_ROOT } from '@shared/memory/memory'
import { PINNED_GLOB_MAX_CHARS, PINNED_GLOB_MAX_STARS } from '@shared/app/settings'
import { compileGlobs, matchGlob } from '../glob'

// Pinned patterns against a reference written for clarity, not speed: a dynamic programme over
// (pattern position, text position) for one glob, and the anchoring and folder rules spelled out.
// The hostile set is the largest the settings allow, made so that some paths match and most
// nearly do; only results are checked here (bench/pins.bench.ts measures the time).

type Token = { lit: string } | 'one' | 'star' | 'globstar' | 'globstar-slash'

function tokens(glob: string, oneName: boolean): Token[] {
  const chars = Array.from(glob)
  const out: Token[] = []
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string
    if (char === '\\' && i + 1 < chars.length) out.push({ lit: chars[++i] as string })
    else if (char === '*' && chars[i + 1] === '*') {
      i++
      if (!oneName && chars[i + 1] === '/') {
        i++
        out.push('globstar-slash')
      } else out.push(oneName ? 'star' : 'globstar')
    } else if (char === '*') out.push('star')
    else if (char === '?') out.push('one')
    else out.push({ lit: char })
  }
  return out
}

/**
 * reach[i][j]: the first i tokens match the first j characters. Returns whether the whole text
 * matches and, with `folders`, whether a part of it ending just before a `/` does.
 */
function reference(toks: Token[], text: string, folders = false): boolean {
  const chars = Array.from(text)
  const n = chars.length
  let reach = new Uint8Array(n + 1)
  reach[0] = 1
  for (const token of toks) {
    const next = new Uint8Array(n + 1)
    let before = false // some reach[k] with k < j, for `**/`
    for (let j = 0; j <= n; j++) {
      const prev = chars[j - 1]
      let match: boolean
      if (token === 'one') match = j > 0 && reach[j - 1] === 1 && prev !== '/'
      else if (token === 'star')
        match = reach[j] === 1 || (j > 0 && next[j - 1] === 1 && prev !== '/')
      else if (token === 'globstar') match = reach[j] === 1 || (j > 0 && next[j - 1] === 1)
      else if (token === 'globstar-slash') {
        // Nothing, or any run that ends with a `/`.
        match = reach[j] === 1 || (before && prev === '/')
        before ||= reach[j] === 1
      } else match = j > 0 && reach[j - 1] === 1 && prev === token.lit
      next[j] = match ? 1 : 0
    }
    reach = next
  }
  return reach[n] === 1 || (folders && chars.some((char, j) => char === '/' && reach[j] === 1))
}

/** One pinned pattern, as the settings describe it, against a path relative to the root. */
function referencePinned(pattern: string, rel: string): boolean {
  let body = pattern.trim()
  const anchored = body.startsWith('/')
  if (body === MEMORY_ROOT || body === `${MEMORY_ROOT}/`) body = '**'
  else if (body.startsWith(`${MEMORY_ROOT}/`)) body = body.slice(MEMORY_ROOT.length + 1)
  else if (anchored) body = body.slice(1)
  if (body.endsWith('/')) body += '**'
  // A name at any depth: any one segment. A path: the path itself or a folder holding it.
  if (!anchored && !body.includes('/')) {
    const toks = tokens(body, true)
    return rel.split('/').some((part) => reference(toks, part))
  }
  return reference(tokens(body, false), rel, true)
}

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed % n
  }
}

/** A path that `glob` matches, each wildcard filled with a few characters. */
function instance(glob: string, pick: (n: number) => number): string {
  let out = ''
  for (const token of tokens(glob, false)) {
    const fill = (alphabet: string) =>
      Array.from({ length: pick(4) }, () => alphabet[pick(alphabet.length)]).join('')
    if (token === 'one') out += 'ab'[pick(2)]
    else if (token === 'star') out += fill('ab')
    else if (token === 'globstar') out += fill('ab/')
    else if (token === 'globstar-slash') out += pick(2) ? `${fill('ab')}/` : ''
    else out += token.lit
  }
  return out.replace(/\/+/g, '/').replace(/^\//, 'a/')
}

describe('pinned patterns, compiled as one set', () => {
  it('agree with the reference on random sets, paths and anchorings', () => {
    const pick = random(11)
    const piece = () => ['a', 'b', '/', '*', '**', '**/', '?', '.', '\\*', 'ab'][pick(10)] as string
    for (let round = 0; round < 300; round++) {
      const patterns = Array.from({ length: 1 + pick(4) }, () => {
        const body = Array.from({ length: 1 + pick(6) }, piece).join('')
        return ['', '/', '/memories/'][pick(3)] + body
      })
      const pinned = compileGlobs(patterns)
      for (let k = 0; k < 20; k++) {
        const rel =
          Array.from({ length: 1 + pick(3) }, () =>
            Array.from({ length: 1 + pick(4) }, () => 'ab.*'[pick(4)]).join('')
          ).join('/') + ['', '.md'][pick(2)]
        const expected = patterns.some((pattern) => referencePinned(pattern, rel))
        expect(pinned(rel), `${JSON.stringify(patterns)} ~ ${rel}`).toBe(expected)
      }
    }
  })

  it('answer the hostile set (100 patterns of 200 characters and 16 stars) correctly', () => {
    const pick = random(35)
    const chunk = () => Array.from({ length: 11 }, () => 'aab?'[pick(4)]).join('')
    const patterns = Array.from({ length: 100 }, (_, i) => {
      // A third are rooted paths, a third names at any depth, a third cross folders with **.
      const head = ['notes/**/', '', '**/'][i % 3] as string
      const stars = PINNED_GLOB_MAX_STARS - head.split('*').length + 1
      let body = head
      for (let s = 0; s < stars; s++) body += `*${chunk()}`
      return body.slice(0, PINNED_GLOB_MAX_CHARS - 1) + 'c'
    })
    for (const pattern of patterns) {
      expect(pattern.length).toBeLessThanOrEqual(PINNED_GLOB_MAX_CHARS)
      expect(pattern.split('*').length - 1).toBe(PINNED_GLOB_MAX_STARS)
    }
    const pinned = compileGlobs(patterns)
    // Paths made to match one pattern each, the same with their last letter changed (they then
    // nearly match many), and long runs of the letters every pattern is made of.
    const matching = patterns.filter((_, i) => i % 20 === 0).map((p) => instance(p, pick))
    const paths = [
      ...matching,
      ...matching.map((path) => `${path.slice(0, -1)}a`),
      ...Array.from({ length: 5 }, (_, i) => `notes/${'ab'.repeat(60 + i)}c`),
      ...Array.from({ length: 5 }, (_, i) => `${'a'.repeat(150 + i)}/x.md`)
    ]
    let matched = 0
    for (const rel of paths) {
      const expected = patterns.some((pattern) => referencePinned(pattern, rel))
      expect(pinned(rel), rel).toBe(expected)
      if (expected) matched++
    }
    for (const rel of matching) expect(pinned(rel), rel).toBe(true)
    expect(matched).toBeGreaterThanOrEqual(matching.length)
    expect(matched).toBeLessThan(paths.length)
  })

  it('an escaped wildcard is a literal: the Pin button pins a name holding * or ?', () => {
    const pinned = compileGlobs(['notes/a\\*b\\?.md', 'x\\[1\\].md'])
    expect(pinned('notes/a*b?.md')).toBe(true)
    expect(pinned('notes/axxb?.md')).toBe(false)
    expect(pinned('notes/a*bc.md')).toBe(false)
    expect(pinned('deep/x[1].md')).toBe(true)
    expect(matchGlob('a\\*', 'a*')).toBe(true)
    expect(matchGlob('a\\*', 'ab')).toBe(false)
  })

  it('the same set compiles once and still answers after other sets', () => {
    const first = compileGlobs(['keep/**'])
    expect(compileGlobs(['keep/**'])).toBe(first)
    for (let i = 0; i < 20; i++) compileGlobs([`other-${i}/**`])
    expect(compileGlobs(['keep/**'])('keep/a.md')).toBe(true)
    expect(compileGlobs([])('a.md')).toBe(false)
  })
})
