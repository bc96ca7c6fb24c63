import { describe, expect, it } from 'vitest'
import type { ArchiveCandidate, CapImpact } from '@shared/memory/caps'
import { afterArchive, allCandidates, preselect } from './make-room'

const KB = 1024
const file = (path: string, size: number, lastUsed: number, pinned = false): ArchiveCandidate => ({
  path: `/memories/${path}`,
  size,
  lastUsed,
  pinned
})
const FILES = [
  file('a.md', 10 * KB, 1),
  file('pinned.md', 50 * KB, 2, true),
  file('b.md', 30 * KB, 3),
  file('c.md', 5 * KB, 4),
  file('d.md', 40 * KB, 5)
]
function impact(limits: Partial<CapImpact['limits']>): CapImpact {
  const full = { maxFileBytes: 256 * KB, maxTotalBytes: 16 * 1024 * KB, maxFiles: 2000, ...limits }
  return {
    files: FILES.length,
    totalBytes: FILES.reduce((sum, f) => sum + f.size, 0),
    limits: full,
    overFileCap: FILES.filter((f) => f.size > full.maxFileBytes).length,
    oldest: [...FILES].sort((x, y) => x.lastUsed - y.lastUsed),
    largest: [...FILES].sort((x, y) => y.size - x.size)
  }
}
const names = (set: Set<string>) => [...set].map((p) => p.replace('/memories/', '')).sort()

describe('preselect (the archive choice)', () => {
  it('file-count cap: the fewest least-used files that leave room for a new one, pinned skipped', () => {
    // 5 files, cap 4: one new file needs 3 or fewer, so 2 go.
    expect(names(preselect(impact({ maxFiles: 4 }), 'oldest'))).toEqual(['a.md', 'b.md'])
    expect(names(preselect(impact({ maxFiles: 4 }), 'largest'))).toEqual(['b.md', 'd.md'])
  })

  it('total cap: the largest files until memory is under the cap', () => {
    // 135 KB held, cap 100 KB: 35 KB + 1 byte must go; d.md (40 KB) alone does it.
    expect(names(preselect(impact({ maxTotalBytes: 100 * KB }), 'largest'))).toEqual(['d.md'])
    // Least used first: a (10) + b (30) = 40 KB.
    expect(names(preselect(impact({ maxTotalBytes: 100 * KB }), 'oldest'))).toEqual([
      'a.md',
      'b.md'
    ])
  })

  it('per-file cap: the files over it are ticked, never a pinned one', () => {
    expect(names(preselect(impact({ maxFileBytes: 32 * KB }), 'oldest'))).toEqual(['d.md'])
  })

  it('nothing over a cap: nothing ticked', () => {
    expect(preselect(impact({}), 'oldest').size).toBe(0)
  })
})

describe('afterArchive', () => {
  it('says what memory holds afterwards and whether every cap is clear', () => {
    const over = impact({ maxTotalBytes: 100 * KB, maxFiles: 4 })
    const one = afterArchive(over, allCandidates(over), new Set(['/memories/d.md']))
    expect(one).toEqual({
      files: 4,
      totalBytes: 95 * KB,
      freed: 40 * KB,
      overFileCap: 0,
      clear: false
    })
    const two = afterArchive(
      over,
      allCandidates(over),
      new Set(['/memories/d.md', '/memories/c.md'])
    )
    expect(two).toMatchObject({ files: 3, totalBytes: 90 * KB, clear: true })
  })
})
