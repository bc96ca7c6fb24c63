import { describe, expect, it } from 'vitest'
import { formatSize, lineCount, numbered } from '../format'
import { frontMatterExpiry, opensFrontMatter } from '../front-matter'
import { headText } from '../../jail/big-file'
import { prng } from '../../__tests__/prng'
import { compileGlobs, matchGlob } from '../glob'

describe('formatSize', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1.0K'],
    [1536, '1.5K'],
    [2048, '2.0K'],
    [4096, '4.0K'],
    [1024 * 1024 - 1, '1.0M'],
    [Math.round(1.2 * 1024 * 1024), '1.2M'],
    [5 * 1024 ** 3, '5.0G']
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text)
  })
})

describe('line helpers', () => {
  it('numbers right-aligned in six characters with a TAB', () => {
    expect(numbered(1, 'a')).toBe('     1\ta')
    expect(numbered(999_999, '')).toBe('999999\t')
  })
  it('counts lines as a split on \\n does', () => {
    expect(lineCount('')).toBe(1)
    expect(lineCount('a\nb\n')).toBe(3)
  })
})

describe('front-matter expires', () => {
  it('reads a date or a date-time at the very start, quoted or not', () => {
    expect(frontMatterExpiry('---\nexpires: 2025-06-06\n---\nbody')).toBe(Date.parse('2025-06-06'))
    expect(frontMatterExpiry('---\r\ntitle: x\r\nexpires: "2025-06-06T10:00:00Z"\r\n---\r\n')).toBe(
      Date.parse('2025-06-06T10:00:00Z')
    )
    expect(frontMatterExpiry("---\nexpires: '2025-06-06'\n...\n")).toBe(Date.parse('2025-06-06'))
  })
  it('ignores anything else', () => {
    for (const text of [
      'expires: 2025-06-06',
      '\n---\nexpires: 2025-06-06\n---\n',
      '---\nexpires: 2025-06-06\n',
      '---\nexpires: friday\n---\n',
      '---\nexpires: 2025-13-45\n---\n',
      '---\nnot_expires: 2025-06-06\n---\n',
      '---\ntitle: a\n---\nexpires: 2025-06-06\n'
    ]) {
      expect(frontMatterExpiry(text)).toBeUndefined()
    }
  })
})

describe('front-matter expires read from bytes', () => {
  const TAIL = Buffer.from('\nexpires: 2025-06-06\n---\nbody\n')
  // Bytes around the opening "---": byte-order marks (whole, cut, twice, UTF-16), overlong and
  // look-alike dashes, spaces and line breaks before it.
  const PIECES = [
    [0x2d],
    [0xef, 0xbb, 0xbf],
    [0xef, 0xbb],
    [0xef],
    [0xff, 0xfe],
    [0xfe, 0xff],
    [0x00],
    [0xc0, 0xad],
    [0xe0, 0x80, 0xad],
    [0xef, 0xbc, 0x8d],
    [0xe2, 0x80, 0x90],
    [0x20],
    [0x09],
    [0x0a],
    [0x0d],
    [0xbf],
    [0x80]
  ]
  const decoded = (bytes: Uint8Array) => frontMatterExpiry(headText(bytes))
  const fast = (bytes: Uint8Array) => (opensFrontMatter(bytes) ? decoded(bytes) : undefined)

  it('skips decoding only heads that cannot open front matter', () => {
    const random = prng(40)
    const heads: number[][] = [
      [],
      [0x2d, 0x2d],
      [0x2d, 0x2d, 0x2d],
      [0xef, 0xbb, 0xbf, 0x2d, 0x2d, 0x2d],
      [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x2d, 0x2d, 0x2d],
      [0x20, 0x2d, 0x2d, 0x2d],
      [0xc0, 0xad, 0xc0, 0xad, 0xc0, 0xad]
    ]
    for (let n = 0; n < 3_000; n++) {
      const head: number[] = []
      for (let k = Math.floor(random() * 6); k >= 0; k--)
        head.push(...(PIECES[Math.floor(random() * PIECES.length)] as number[]))
      heads.push(head)
    }
    let opened = 0
    for (const head of heads)
      for (const bytes of [
        Buffer.from(head),
        Buffer.concat([Buffer.from(head), TAIL]),
        Buffer.concat([Buffer.from(head), Buffer.from('---'), TAIL])
      ]) {
        expect(fast(bytes), JSON.stringify(head)).toBe(decoded(bytes))
        if (decoded(bytes) !== undefined) opened++
      }
    expect(opened).toBeGreaterThan(20) // the list holds heads that do open a block
  })
})

describe('pinned globs', () => {
  const pinned = compileGlobs([
    'keep/**',
    '*.pin.md',
    '/memories/exact.md',
    'projects/*/notes.md',
    'folder/'
  ])
  it.each([
    ['keep/a.md', true],
    ['keep/deep/b.md', true],
    ['keeper/c.md', false],
    ['x/y.pin.md', true],
    ['y.pin.md', true],
    ['exact.md', true],
    ['sub/exact.md', false],
    ['projects/a/notes.md', true],
    ['projects/a/b/notes.md', false],
    ['folder/inside.md', true],
    ['other.md', false]
  ])('%s → %s', (rel, expected) => {
    expect(pinned(rel)).toBe(expected)
  })
  it('pins nothing without patterns, everything with /memories', () => {
    expect(compileGlobs([])('a.md')).toBe(false)
    expect(compileGlobs(['/memories'])('a/b.md')).toBe(true)
  })
})

describe('pinned globs do not backtrack', () => {
  // Eight stars against a 60-character name that does not match took ~25 s with a regex; RE2
  // (glob.ts) has no backtracking. The hostile pattern sets are in glob.test.ts.
  const pattern = '*a*a*a*a*a*a*a*a*b'
  const name = 'a'.repeat(60)
  it('answers a pathological pattern correctly', () => {
    expect(matchGlob(pattern, name)).toBe(false)
    expect(matchGlob(pattern, `${name}b`)).toBe(true)
    const pinned = compileGlobs([pattern, `deep/${pattern}`, `**/${pattern}`])
    expect(pinned(`x/y/${name}`)).toBe(false)
    expect(pinned(`deep/${name}`)).toBe(false)
    expect(pinned(`x/${name}b/c.md`)).toBe(true)
  })
  it('keeps ** and **/ semantics', () => {
    expect(matchGlob('a/**/b.md', 'a/b.md')).toBe(true)
    expect(matchGlob('a/**/b.md', 'a/x/y/b.md')).toBe(true)
    expect(matchGlob('a/**/b.md', 'a/xb.md')).toBe(false)
    expect(matchGlob('a/**', 'a/x/y')).toBe(true)
    expect(matchGlob('a**z', 'a/b/z')).toBe(true)
    expect(matchGlob('a*z', 'a/z')).toBe(false)
    expect(matchGlob('?.md', 'é.md')).toBe(true)
    expect(matchGlob('?.md', '😀.md')).toBe(true)
    expect(matchGlob('?.md', '/.md')).toBe(false)
    expect(matchGlob('a.(b)+[c]', 'a.(b)+[c]')).toBe(true)
  })
})

describe('pinned globs agree with the regex they replace', () => {
  // The old translation, safe on these short inputs.
  function reference(glob: string): RegExp {
    let out = ''
    for (let i = 0; i < glob.length; i++) {
      const char = glob[i] as string
      if (char === '*' && glob[i + 1] === '*') {
        i++
        if (glob[i + 1] === '/') {
          i++
          out += '(?:.*/)?'
        } else out += '.*'
      } else if (char === '*') out += '[^/]*'
      else if (char === '?') out += '[^/]'
      else out += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
    }
    return new RegExp(`^${out}$`, 'u')
  }
  it('on a few thousand random patterns and paths', () => {
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    const pick = (alphabet: string[], max: number) =>
      Array.from({ length: random(max) }, () => alphabet[random(alphabet.length)]).join('')
    for (let i = 0; i < 4_000; i++) {
      const glob = pick(['a', 'b', '/', '*', '**', '**/', '?', '.'], 6)
      const text = pick(['a', 'b', '/', '.'], 8)
      expect(matchGlob(glob, text), `${glob} ~ ${text}`).toBe(reference(glob).test(text))
    }
  })
})
