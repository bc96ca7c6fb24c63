import { describe, expect, it } from 'vitest'
import { prng } from '../../__tests__/prng'
import { namesClean, type Sweep } from '../sweep'

// A whole-folder scan settles its files folder by folder and looks a folder's names up once
// (namesClean). Its answers must be those of checking every name of every key.

const everyName = (clean: ReadonlySet<string>, rel: string) =>
  rel.split('/').every((name) => clean.has(name))

function sweepOver(clean: ReadonlySet<string>): Sweep {
  return { clean, parents: undefined as never, ahead: undefined as never }
}

describe('namesClean', () => {
  const clean = new Set(['a', 'ab', 'b', 'c', 'note.md', 'x.md', 'a.md', 'b.md'])

  it('answers as every name checked, folder changes, look-alike folders and flagged names', () => {
    const sweep = sweepOver(clean)
    const rels = [
      'note.md',
      'a/note.md',
      'a/x.md',
      'a/KEY.md', // a flagged file in a clean folder
      'a/note.md',
      'ab/note.md', // a folder whose name starts with the last one's
      'a/b/note.md',
      'a/b/c/note.md',
      'a/bKEY/note.md', // a flagged folder sharing the last one's start
      'a/b/note.md',
      'KEY/note.md',
      'KEY/a/note.md',
      'a/KEY/note.md',
      'a/note.md',
      'b/a.md',
      'b/KEY',
      'KEY'
    ]
    for (const rel of rels) expect(namesClean(sweep, rel), rel).toBe(everyName(clean, rel))
  })

  it('agrees with every name checked over random walks', () => {
    const random = prng(40)
    const names = [...clean, 'KEY']
    const pick = () => names[Math.floor(random() * names.length)] as string
    for (let run = 0; run < 200; run++) {
      const sweep = sweepOver(clean)
      for (let n = 0; n < 50; n++) {
        const depth = Math.floor(random() * 4)
        const rel = Array.from({ length: depth + 1 }, pick).join('/')
        expect(namesClean(sweep, rel), rel).toBe(everyName(clean, rel))
      }
    }
  })
})
