import { describe, expect, it } from 'vitest'
import { diffRows } from './diff-rows'

const text = (rows: ReturnType<typeof diffRows>['rows']) =>
  rows.map((r) =>
    r.kind === 'gap'
      ? `… ${r.lines}`
      : `${{ add: '+', del: '-', same: ' ' }[r.kind]}${r.parts
          .map((p) => (p.changed ? `[${p.text}]` : p.text))
          .join('')}`
  )

describe('diffRows', () => {
  it('pairs a replaced line and marks only the words that changed', () => {
    const { rows, added, removed } = diffRows('# Me\n- likes tea\n', '# Me\n- likes green tea\n')
    expect(text(rows)).toEqual([' # Me', '-- likes tea', '+- likes [green ]tea'])
    expect([added, removed]).toEqual([1, 1])
  })

  it('folds unchanged runs beyond the context into a gap', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
    const after = before.replace('line 10\n', 'line ten\n')
    expect(text(diffRows(before, after, 1).rows)).toEqual([
      '… 8',
      ' line 9',
      '-line [10]',
      '+line [ten]',
      ' line 11',
      '… 9'
    ])
  })

  it('shows a new text as added lines and a deleted one as removed; no change, no rows', () => {
    expect(text(diffRows('', 'a\nb').rows)).toEqual(['+a', '+b'])
    expect(text(diffRows('gone\n', '').rows)).toEqual(['-gone'])
    expect(diffRows('same\n', 'same\n').rows).toEqual([])
  })

  it('does not highlight every word of a line rewritten end to end', () => {
    expect(text(diffRows('alpha beta\n', 'gamma delta\n').rows)).toEqual([
      '-alpha beta',
      '+gamma delta'
    ])
  })
})
