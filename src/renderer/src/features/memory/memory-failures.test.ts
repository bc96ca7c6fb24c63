import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { emptyNameProblem, explainNameFailure } from './memory-failures'

// The engine's words (fixed by the memory tool's spec, written for Claude) as the inspector
// receives them, and what the person who typed the name reads instead.
const failed = (code: ConstructorParameters<typeof CairnError>[0], detail: string) =>
  new Error(new CairnError(code, detail).message)

describe('a refused name in plain words', () => {
  it('a taken name says what is there, where, and to choose another', () => {
    const words = explainNameFailure(
      failed('MEMORY_EXISTS', 'File /memories/work/notes.md already exists'),
      {
        to: '/memories/work/notes.md',
        kindAt: () => 'file'
      }
    )
    expect(words).toBe(
      'A file named notes.md already exists in /memories/work. Choose another name.'
    )
  })

  it('a name that differs only in case names the one that is there', () => {
    const detail =
      'Cannot create /memories/Notes.md: /memories/notes.md already exists, and the two names differ only in letter case or Unicode form, which many filesystems treat as the same name. Use /memories/notes.md, or choose another name.'
    const words = explainNameFailure(failed('MEMORY_EXISTS', detail), { to: '/memories/Notes.md' })
    expect(words).toMatch(
      /^\/memories already has notes\.md, a name that differs from Notes\.md only/
    )
  })

  it('a file renamed away meanwhile says so, and how to go on', () => {
    const words = explainNameFailure(
      failed('MEMORY_NOT_FOUND', 'The path /memories/a.md does not exist'),
      { from: '/memories/a.md', to: '/memories/b.md' }
    )
    expect(words).toMatch(/^\/memories\/a\.md is no longer in memory.*Press Cancel/)
  })

  it('a path out of the folder, a backslash, invisible characters: no engine words', () => {
    const refused = (reason: string) =>
      explainNameFailure(
        failed('MEMORY_REFUSED', `The path /memories/x is not allowed: ${reason}.`),
        { to: '/memories/x' }
      )
    for (const reason of [
      '"." and ".." segments are not allowed',
      'backslashes are not allowed; separate folders with /',
      'it contains invisible, direction-changing, line-separator, replacement or mis-decoded (overlong UTF-8) characters'
    ])
      expect(refused(reason)).not.toMatch(/segments|backslashes are|overlong|Error:/)
  })

  it('a cap or a secret keeps main’s own words', () => {
    const detail = 'This change would take memory over the total cap (10 KB). Archive files first.'
    expect(explainNameFailure(failed('MEMORY_CAP', detail), { to: '/memories/a.md' })).toBe(detail)
  })

  it('no name at all is said before anything is sent', () => {
    expect(emptyNameProblem('/memories/')).toMatch(/^Type a file name/)
    expect(emptyNameProblem('/memories/work/')).toMatch(/^Type a file name/)
    expect(emptyNameProblem('/memories/a.md')).toBeNull()
  })
})
