import { describe, expect, it } from 'vitest'
import { clockPhrase, inDays, plural, policySentence } from '../words'

describe('words', () => {
  it('puts counts and nouns in the same number', () => {
    expect(plural(1, 'day')).toBe('1 day')
    expect(plural(0, 'file')).toBe('0 files')
    expect(plural(2_000, 'file')).toBe('2,000 files')
    expect(plural(1, 'entry', 'entries')).toBe('1 entry')
    expect(inDays(1)).toBe('in 1 day')
    expect(inDays(3)).toBe('in 3 days')
    expect(inDays(0)).toBe('now')
  })

  it('says which clock each policy runs on, in a sentence', () => {
    expect(policySentence({ mode: 'idle', days: 90, action: 'archive' })).toBe(
      'Expire after 90 days without use (not read or changed), then move to the archive.'
    )
    expect(policySentence({ mode: 'age', days: 1, action: 'delete' })).toBe(
      'Expire 1 day after creation, then delete.'
    )
    expect(policySentence({ mode: 'off', days: 90, action: 'archive' })).toMatch(/never expire/)
    expect(clockPhrase('idle', 30)).toBe('not read or changed for 30 days')
    expect(clockPhrase('age', 1)).toBe('created 1 day ago')
  })
})
