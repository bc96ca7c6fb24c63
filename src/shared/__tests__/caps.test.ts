import { describe, expect, it } from 'vitest'
import { capsReached, capWords, refusalWords, roomNeeded } from '../memory/caps'

const KB = 1024
const MB = 1024 * KB
type Limits = Parameters<typeof capWords>[1]['limits']
interface Over {
  files?: number
  totalBytes?: number
  overFileCap?: number
  limits?: Partial<Limits>
}
const facts = (over: Over = {}) => ({
  files: 6,
  totalBytes: 300 * KB,
  overFileCap: 0,
  ...over,
  limits: { maxFileBytes: 256 * KB, maxTotalBytes: 16 * MB, maxFiles: 2000, ...over.limits }
})

describe('capsReached', () => {
  it('names the caps that refuse some writes now: at the file count, at the total, files too big', () => {
    expect(capsReached(facts())).toEqual([])
    expect(capsReached(facts({ limits: { maxFiles: 6 } }))).toEqual(['files'])
    expect(capsReached(facts({ limits: { maxFiles: 7 } }))).toEqual([])
    expect(capsReached(facts({ overFileCap: 1, totalBytes: 16 * MB }))).toEqual(['file', 'total'])
  })

  it('room needed: files to fewer than the cap, bytes to under the total', () => {
    expect(roomNeeded(facts({ limits: { maxFiles: 4 } }))).toEqual({ files: 3, bytes: 0 })
    expect(roomNeeded(facts({ totalBytes: MB, limits: { maxTotalBytes: MB - 10 } }))).toEqual({
      files: 0,
      bytes: 11
    })
  })
})

describe('capWords', () => {
  it("file count over a new cap: the issue's own wording, plural and singular", () => {
    const words = capWords('files', facts({ limits: { maxFiles: 4 } }), true)
    expect(words.headline).toBe('6 files, 2 over the new cap of 4')
    expect(words.meaning).toBe(
      'Claude will be refused new files until there are fewer than 4 (archive or delete 3 files). Edits to existing files still work.'
    )
    const one = capWords('files', facts({ files: 1, limits: { maxFiles: 1 } }))
    expect(one.headline).toBe('1 file, at the cap of 1')
    expect(one.meaning).toContain('(archive or delete 1 file)')
  })

  it('total cap: over or exactly at, in sizes people read', () => {
    const over = capWords(
      'total',
      facts({ totalBytes: 1.5 * MB, limits: { maxTotalBytes: MB } }),
      true
    )
    expect(over.headline).toBe('1.5 MB used, 512 KB over the new 1 MB total cap')
    expect(over.meaning).toBe(
      'Claude will be refused any change that makes memory larger until it is under 1 MB. Changes that shrink memory still work.'
    )
    expect(
      capWords('total', facts({ totalBytes: MB, limits: { maxTotalBytes: MB } })).headline
    ).toBe('1 MB used, at the 1 MB total cap')
  })

  it('per-file cap: one file or several', () => {
    const two = capWords('file', facts({ overFileCap: 2, limits: { maxFileBytes: 64 * KB } }), true)
    expect(two.headline).toBe('6 files, 2 over the new 64 KB per-file cap')
    expect(two.meaning).toBe(
      'They stay readable, but any edit that makes them larger will be refused, for Claude and for you, until they are shortened, split or archived.'
    )
    const one = capWords('file', facts({ overFileCap: 1 }))
    expect(one.headline).toBe('6 files, 1 over the 256 KB per-file cap')
    expect(one.meaning).toMatch(
      /^It stays readable, but any edit that makes it larger .* until it is shortened/
    )
  })
})

describe('refusalWords', () => {
  it('names the cap in plain words, from the structured refusal', () => {
    expect(refusalWords({ cap: 'total', limit: MB, used: MB + 5 })).toBe(
      'Refused: memory is over its 1 MB total cap'
    )
    expect(refusalWords({ cap: 'total', limit: MB, used: MB - 5 })).toBe(
      'Refused: this change would take memory over its 1 MB total cap'
    )
    expect(refusalWords({ cap: 'files', limit: 2000, used: 2000 })).toBe(
      'Refused: memory is at its cap of 2,000 files'
    )
    expect(refusalWords({ cap: 'files', limit: 1, used: 1 })).toBe(
      'Refused: memory is at its cap of 1 file'
    )
    expect(refusalWords({ cap: 'file', limit: 256 * KB, used: 300 * KB })).toBe(
      'Refused: the file would be 300 KB, over the 256 KB per-file cap'
    )
  })
})
