import { describe, expect, it } from 'vitest'
import { NO_FRAME, reframe, unframe } from '../../core/text-frame'
import { splicedBytes, type Splice } from '../splice-bytes'

/** What the edit writes without the splice: the whole new text, framed and encoded. */
function encoded(file: Buffer, splice: Splice): Buffer {
  const { text, frame } = unframe(file.toString('utf8'))
  return Buffer.from(
    reframe(text.slice(0, splice.start) + splice.inserted + text.slice(splice.end), frame)
  )
}

function spliced(file: Buffer, splice: Splice): Buffer | undefined {
  const { text, frame } = unframe(file.toString('utf8'))
  return splicedBytes(file, text, frame, splice)
}

describe('splicedBytes (an edit spliced into the bytes read)', () => {
  it('gives the bytes encoding the whole new text gives, ASCII or not', () => {
    const cases: Array<[string, Splice]> = [
      ['line one\nold line\nline three\n', { start: 9, end: 17, inserted: 'new, longer line' }],
      ['café ünïcödé\nold\nend ✓\n', { start: 13, end: 16, inserted: 'naïve → new' }],
      ['emoji 😀 before\nold\n', { start: 16, end: 19, inserted: '' }],
      ['at the start', { start: 0, end: 2, inserted: 'Right ' }],
      ['at the end', { start: 10, end: 10, inserted: ' ✓ (ü)' }],
      ['', { start: 0, end: 0, inserted: 'all new' }]
    ]
    for (const [file, splice] of cases) {
      const bytes = Buffer.from(file)
      expect(spliced(bytes, splice), file).toEqual(encoded(bytes, splice))
    }
  })

  it('keeps an inserted lone surrogate as encoding the whole text does', () => {
    const bytes = Buffer.from('one\ntwo\n')
    const splice = { start: 4, end: 7, inserted: 'a\uD800b' }
    expect(spliced(bytes, splice)).toEqual(encoded(bytes, splice))
  })

  it('declines where the text is not the bytes’ own or a cut sits beside a surrogate', () => {
    const splice = { start: 0, end: 1, inserted: 'x' }
    expect(spliced(Buffer.from('a\r\nb\r\n'), splice)).toBeUndefined()
    expect(spliced(Buffer.from('\uFEFFab'), splice)).toBeUndefined()
    const emoji = Buffer.from('😀x')
    expect(
      splicedBytes(emoji, '😀x', NO_FRAME, { start: 1, end: 2, inserted: 'y' })
    ).toBeUndefined()
    expect(spliced(Buffer.from('ab'), { start: 0, end: 1, inserted: '\uDE00' })).toBeUndefined()
  })
})
