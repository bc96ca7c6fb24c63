import { describe, expect, it } from 'vitest'
import { splitBlocks } from './markdown-blocks'

describe('splitBlocks', () => {
  it('splits at blank lines and loses no character', () => {
    const text = '# Title\n\nFirst para\nstill first.\n\n\n- a\n- b\n\nLast'
    const blocks = splitBlocks(text)
    expect(blocks).toEqual([
      '# Title\n\n',
      'First para\nstill first.\n\n\n',
      '- a\n- b\n\n',
      'Last'
    ])
    expect(blocks.join('')).toBe(text)
  })

  it('never splits inside a fenced code block, even across blank lines', () => {
    const text = 'Intro\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\nAfter ~~~ fence'
    expect(splitBlocks(text)).toEqual([
      'Intro\n\n',
      '```ts\nconst a = 1\n\nconst b = 2\n```\n\n',
      'After ~~~ fence'
    ])
  })

  it('an unclosed fence keeps the rest in one growing block', () => {
    expect(splitBlocks('Para\n\n~~~\ncode\n\nmore')).toEqual(['Para\n\n', '~~~\ncode\n\nmore'])
    // A shorter or different marker, or one with an info string, does not close it.
    expect(splitBlocks('```\na\n```ts\n\nb')).toEqual(['```\na\n```ts\n\nb'])
    expect(splitBlocks('````\na\n```\n\nb\n````\n\nc')).toEqual([
      '````\na\n```\n\nb\n````\n\n',
      'c'
    ])
  })

  it('earlier blocks never change as the text grows (streaming)', () => {
    const full = 'One\n\nTwo `x`\n\n```\nthree\n\nstill three\n```\n\n| a | b |\n| - | - |\n\nEnd.'
    let before: string[] = []
    for (let n = 1; n <= full.length; n++) {
      const blocks = splitBlocks(full.slice(0, n))
      expect(blocks.join('')).toBe(full.slice(0, n))
      // Every block that was final before is still there, unchanged.
      expect(blocks.slice(0, before.length - 1)).toEqual(before.slice(0, -1))
      before = blocks
    }
  })

  it('empty and blank-only text is one block', () => {
    expect(splitBlocks('')).toEqual([''])
    expect(splitBlocks('\n\n')).toEqual(['\n\n'])
  })
})
