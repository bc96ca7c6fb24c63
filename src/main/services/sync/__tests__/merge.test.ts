import { describe, expect, test } from 'vitest'
import { mergeText } from '../round/merge'

describe('three-way merge by lines', () => {
  const base = 'a\nb\nc\nd\ne\n'
  test('changes to lines apart merge; the same change on both sides is taken once', () => {
    expect(mergeText(base, 'A\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n')).toBe('A\nb\nc\nd\nE\n')
    expect(mergeText(base, 'a\nb\nX\nd\ne\n', 'a\nb\nX\nd\ne\n')).toBe('a\nb\nX\nd\ne\n')
    expect(mergeText(base, 'top\na\nb\nc\nd\ne\n', 'a\nb\nc\nd\ne\nend\n')).toBe(
      'top\na\nb\nc\nd\ne\nend\n'
    )
    expect(mergeText(base, 'a\nc\nd\ne\n', 'a\nb\nc\nd\ne\nmore\n')).toBe('a\nc\nd\ne\nmore\n')
  })
  test('the same line changed differently, or changes that touch, do not merge', () => {
    expect(mergeText(base, 'a\nB1\nc\nd\ne\n', 'a\nB2\nc\nd\ne\n')).toBeNull()
    expect(mergeText(base, 'a\nB\nc\nd\ne\n', 'a\nb\nC\nd\ne\n')).toBeNull()
  })
  test('one side unchanged: the other side wins whole, CRLF and a missing final newline kept', () => {
    expect(mergeText('x\r\ny', 'x\r\ny', 'x\r\nz')).toBe('x\r\nz')
    expect(mergeText('x\r\ny', 'w\r\nx\r\ny', 'x\r\ny')).toBe('w\r\nx\r\ny')
  })
})
