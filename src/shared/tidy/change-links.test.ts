import { describe, expect, it } from 'vitest'
import { needsOf, unmetNeed, withNeeds, withoutDependents } from './change-links'
import { forgottenLines, keysOf } from './forgotten'

const changes = [
  { id: 1, command: 'create' as const, paths: ['/memories/all.md'] },
  { id: 2, command: 'rename' as const, paths: ['/memories/a', '/memories/b'] },
  { id: 3, command: 'str_replace' as const, paths: ['/memories/b/x.md'] },
  { id: 4, command: 'str_replace' as const, paths: ['/memories/b/x.md'] },
  { id: 5, command: 'delete' as const, paths: ['/memories/c.md'] }
]

describe('how the changes of a tidy hang together', () => {
  const needs = needsOf(changes)
  const linked = changes.map((c) => ({ id: c.id, needs: needs.get(c.id) ?? [] }))

  it('links a change to the latest earlier change on its path, a folder above it included', () => {
    expect(needs.get(3)?.map((n) => n.id)).toEqual([2])
    expect(needs.get(3)?.[0]?.why).toBe(
      'Change 2 moves /memories/b; this change was planned on what it left, so they go together.'
    )
    expect(needs.get(4)?.map((n) => n.id)).toEqual([3])
    expect(needs.get(1)).toEqual([])
    expect(needs.get(5)).toEqual([])
  })

  it('accepts a change with what it needs, and rejects what needs a rejected one', () => {
    expect([...withNeeds(linked, [4])].sort()).toEqual([2, 3, 4])
    expect([...withoutDependents(linked, [1, 2, 3, 4, 5], [2])].sort()).toEqual([1, 5])
    expect(unmetNeed(linked, new Set([1, 4]))).toMatchObject({ id: 4, need: { id: 3 } })
    expect(unmetNeed(linked, new Set([2, 3, 4]))).toBeNull()
  })
})

describe('what a tidy would make memory forget', () => {
  it('flags a line no file holds afterwards, not one moved, reworded in form only, or a heading', () => {
    const after = keysOf(['# Contacts\n* alice:  5 new street\n', 'Kestrel ships in June'])
    expect(
      forgottenLines('# People\n- Alice: 5 New Street\n- Bob: 7 Mill Lane\n\n', null, after)
    ).toEqual(['- Bob: 7 Mill Lane'])
    expect(forgottenLines('1. Kestrel ships in June\nold line\n', 'new line\n', after)).toEqual([
      'old line'
    ])
    expect(forgottenLines(null, 'anything', after)).toEqual([])
  })
})
