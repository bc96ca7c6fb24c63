import { useMemo } from 'react'
import { diffRows, type DiffRow, type Part } from '../lib/diff-rows'

const SIGN = { add: '+', del: '−', same: ' ' } as const
const ROW_STYLE = {
  add: 'bg-success-soft text-fg',
  del: 'bg-danger-soft text-fg',
  same: 'text-muted'
} as const
const WORD_STYLE = {
  add: 'rounded-[2px] bg-success/25 no-underline',
  del: 'rounded-[2px] bg-danger/25 line-through decoration-danger/60',
  same: ''
} as const

function Parts({ kind, parts }: { kind: 'add' | 'del' | 'same'; parts: Part[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.changed ? (
          <mark key={i} data-changed={kind} className={`text-inherit ${WORD_STYLE[kind]}`}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        )
      )}
    </>
  )
}

function Row({ row, numbers }: { row: DiffRow; numbers: boolean }) {
  if (row.kind === 'gap')
    return (
      <div className="px-2 py-0.5 text-faint select-none" role="row">
        <span role="cell">
          ⋯ {row.lines} unchanged line{row.lines === 1 ? '' : 's'}
        </span>
      </div>
    )
  const Tag = row.kind === 'add' ? 'ins' : row.kind === 'del' ? 'del' : 'div'
  const words = row.kind === 'add' ? 'Added' : row.kind === 'del' ? 'Removed' : 'Unchanged'
  return (
    <Tag role="row" data-kind={row.kind} className={`flex no-underline ${ROW_STYLE[row.kind]}`}>
      {numbers ? (
        <span role="cell" aria-hidden className="w-8 shrink-0 pr-1 text-right text-faint">
          {row.newNo ?? row.oldNo}
        </span>
      ) : null}
      <span
        role="cell"
        aria-hidden
        className={`w-4 shrink-0 text-center select-none ${
          row.kind === 'add' ? 'text-success' : row.kind === 'del' ? 'text-danger' : ''
        }`}
      >
        {SIGN[row.kind]}
      </span>
      <span role="cell" className="min-w-0 flex-1 pr-2 break-words whitespace-pre-wrap">
        <span className="sr-only">{words}: </span>
        {row.parts.length === 1 && row.parts[0]?.text === '' ? (
          '\u00a0'
        ) : (
          <Parts kind={row.kind} parts={row.parts} />
        )}
      </span>
    </Tag>
  )
}

/**
 * `before` → `after` as a compact unified diff (jsdiff): added and removed lines, changed words
 * highlighted, unchanged runs folded. `before` empty shows the whole text as added.
 */
export function DiffView({
  before,
  after,
  label,
  context = 2,
  maxRows = 400,
  numbers = false,
  className = ''
}: {
  before: string
  after: string
  label: string
  context?: number
  maxRows?: number
  numbers?: boolean
  className?: string
}) {
  const { rows, added, removed } = useMemo(
    () => diffRows(before, after, context),
    [before, after, context]
  )
  const shown = rows.slice(0, maxRows)
  return (
    <div
      role="table"
      aria-label={label}
      className={`overflow-auto rounded-control border border-line bg-surface py-1 font-mono text-xs leading-5 ${className}`}
    >
      {rows.length === 0 ? (
        <p className="px-2 text-muted">No change in the text.</p>
      ) : (
        shown.map((row, i) => <Row key={i} row={row} numbers={numbers} />)
      )}
      {rows.length > shown.length ? (
        <p className="px-2 text-faint">… {rows.length - shown.length} more lines</p>
      ) : null}
      <p className="sr-only">
        {added} line{added === 1 ? '' : 's'} added, {removed} removed
      </p>
    </div>
  )
}

/** "+3 −1": how big a change is, for a header. */
export function DiffStat({ before, after }: { before: string; after: string }) {
  const { added, removed } = useMemo(() => diffRows(before, after, 0), [before, after])
  return (
    <span className="font-mono text-xs">
      <span className="text-success">+{added}</span> <span className="text-danger">−{removed}</span>
    </span>
  )
}
