import { describe, expect, it } from 'vitest'
import { copyLabel } from './sync'

// A kept copy's name is made from the device name: whatever the user typed, the label is one a
// file name can hold, and still reads as the name they chose.

describe('copyLabel', () => {
  it.each([
    ['Laptop \u{1F4BB}\uFE0F', 'Laptop \u{1F4BB}'],
    ['Work\u200B PC', 'Work PC'],
    ['\u202Eevil', 'evil'],
    ['a/b\\c:d', 'a b c d'],
    ['Desk (home)', 'Desk home'],
    ['  spaced   out  ', 'spaced out'],
    ['ｆｕｌｌ', 'full'],
    ['\uFE0F\u200D', 'another device'],
    ['...', 'another device']
  ])('%j → %j', (typed, label) => {
    expect(copyLabel(typed)).toBe(label)
  })

  it('is bounded by characters, never splitting an emoji', () => {
    const label = copyLabel('\u{1F600}'.repeat(60))
    expect(Array.from(label)).toHaveLength(40)
    expect(label).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })
})
