import { describe, expect, it } from 'vitest'
import { prng } from '../../__tests__/prng'
import { credentialOf, type Sweep } from '../sweep'

// A whole-folder scan checks the names of its new files in one batch and keeps only the flagged
// ones (credentialOf). Its answers must be those of checking every name of every key.

const flagged = new Map([
  ['KEY', 'an AWS access key'],
  ['bKEY', 'a GitHub token']
])

/** The first flagged name's words, name by name, as credentialInName answers. */
const everyName = (rel: string) =>
  rel
    .split('/')
    .map((name) => flagged.get(name))
    .find((words) => words !== undefined)

function sweepOver(names: ReadonlyMap<string, string>): Sweep {
  return { flagged: names, parents: undefined as never, ahead: undefined as never }
}

describe('credentialOf', () => {
  it('answers as every name checked, flagged files and folders at any depth', () => {
    const sweep = sweepOver(flagged)
    const rels = [
      'note.md',
      'a/note.md',
      'a/KEY.md', // a look-alike of a flagged name
      'a/KEY', // a flagged file in a clean folder
      'a/bKEY/note.md', // a flagged folder
      'a/b/note.md',
      'KEY/note.md',
      'KEY/bKEY/note.md', // the first flagged name speaks
      'b/KEY',
      'KEY'
    ]
    for (const rel of rels) expect(credentialOf(sweep, rel), rel).toBe(everyName(rel))
    expect(credentialOf(sweep, 'KEY/bKEY/note.md')).toBe('an AWS access key')
  })

  it('finds nothing when the batch flagged nothing', () => {
    const sweep = sweepOver(new Map())
    for (const rel of ['note.md', 'KEY', 'a/KEY/note.md']) {
      expect(credentialOf(sweep, rel), rel).toBeUndefined()
    }
  })

  it('agrees with every name checked over random walks', () => {
    const random = prng(40)
    const names = ['a', 'ab', 'b', 'note.md', 'KEY', 'bKEY', 'KEY.md']
    const pick = () => names[Math.floor(random() * names.length)] as string
    const sweep = sweepOver(flagged)
    for (let n = 0; n < 10_000; n++) {
      const depth = Math.floor(random() * 4)
      const rel = Array.from({ length: depth + 1 }, pick).join('/')
      expect(credentialOf(sweep, rel), rel).toBe(everyName(rel))
    }
  })
})
