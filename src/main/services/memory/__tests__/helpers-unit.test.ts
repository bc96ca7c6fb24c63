import { describe, expect, it } from 'vitest'
import { formatSize, lineCount, numbered } from '../format'
import { frontMatterExpiry } from '../front-matter'
import { compileGlobs } from '../glob'

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
