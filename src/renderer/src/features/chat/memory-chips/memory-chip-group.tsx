import { useId, useState } from 'react'
import { ChevronRight, Undo2 } from 'lucide-react'
import { plural } from '../../../lib/format'
import { revert } from '../../memory/history/history-api'
import { useMemorySpace } from '../../memory/memory-space'
import { overwriteOf, UndoConflict } from '../../memory/history/undo-conflict'
import type { ChipData } from './chip-data'
import { MemoryChip } from './memory-chip'
import { undoAll, undoableSeqs, type NotUndone } from './undo-all'

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; undone: number; left: NotUndone[]; kept: number; failures: string[] }

/**
 * "Undid all 12 changes.", or "Undid 11 of 12 changes. 1 could not be undone because its file
 * changed since:" with the choices listed below it.
 */
function outcomeWords(state: Extract<State, { kind: 'done' }>, total: number): string {
  if (state.undone === total) return `Undid all ${plural(total, 'change')}.`
  const left = state.left.length
  const parts = [`Undid ${state.undone} of ${plural(total, 'change')}.`]
  if (left)
    parts.push(
      `${left} could not be undone because ${left === 1 ? 'its file' : 'their files'} changed since:`
    )
  if (state.kept) parts.push(`${state.kept} kept as ${state.kept === 1 ? 'it is' : 'they are'}.`)
  if (state.failures.length) parts.push(`${state.failures.length} refused:`)
  return parts.join(' ')
}

/**
 * An answer's memory changes as one row: "12 memory changes", opened to the chips, and Undo all
 * (undo-all.ts). What could not be undone is listed with the same choices as one chip's Undo.
 */
export function MemoryChipGroup({
  chips,
  onOpen
}: {
  chips: ChipData[]
  onOpen(path: string): void
}) {
  const space = useMemorySpace()
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<State>({ kind: 'idle' })
  // Bumped after Undo all: the chips mount again and read that they were undone.
  const [generation, setGeneration] = useState(0)
  const listId = useId()
  const total = undoableSeqs(chips).length
  const failed = chips.filter((chip) => chip.status === 'error').length

  const run = () => {
    setState({ kind: 'busy' })
    void undoAll(space, chips).then((outcome) => {
      setState({
        kind: 'done',
        undone: outcome.undone,
        left: outcome.conflicts,
        kept: 0,
        failures: outcome.failures
      })
      setGeneration((g) => g + 1)
    })
  }
  const settle = (seq: number, undone: boolean) => {
    setState((s) =>
      s.kind === 'done'
        ? {
            ...s,
            undone: s.undone + (undone ? 1 : 0),
            kept: s.kept + (undone ? 0 : 1),
            left: s.left.filter((l) => l.seq !== seq)
          }
        : s
    )
    setGeneration((g) => g + 1)
  }
  const anyway = (item: NotUndone) => {
    void revert(space, item.seq, overwriteOf(item.conflict)).then(
      (result) => {
        if (result.status === 'reverted') settle(item.seq, true)
        else
          setState((s) =>
            s.kind === 'done'
              ? {
                  ...s,
                  left: s.left.map((l) => (l.seq === item.seq ? { ...l, conflict: result } : l))
                }
              : s
          )
      },
      () => undefined
    )
  }

  return (
    <div className="my-1 flex max-w-full flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex items-center gap-1 self-start rounded-full border border-line bg-sunken px-2 py-0.5 text-xs text-muted"
        >
          <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
          {plural(chips.length, 'memory change')}
          {failed ? ` (${failed} refused)` : ''}
        </button>
        {total > 0 && state.kind !== 'done' ? (
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs text-muted hover:bg-fg/10 hover:text-fg disabled:opacity-50"
            disabled={state.kind === 'busy'}
            onClick={run}
          >
            <Undo2 size={12} aria-hidden />
            Undo all
          </button>
        ) : null}
      </div>
      {state.kind === 'done' ? (
        <div className="flex flex-col gap-1 pl-2">
          <p role="status" className="text-xs text-muted">
            {outcomeWords(state, total)}
          </p>
          <ul aria-label="Changes not undone" className="flex flex-col gap-2">
            {state.left.map((item) => (
              <li key={item.seq}>
                <UndoConflict
                  conflict={item.conflict}
                  by="Claude"
                  busy={false}
                  onAnyway={() => anyway(item)}
                  onKeep={() => settle(item.seq, false)}
                />
              </li>
            ))}
            {state.failures.map((failure, i) => (
              <li key={`failure-${i}`} className="text-xs text-danger">
                {failure}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {open ? (
        <div id={listId} key={generation} className="flex flex-col pl-2">
          {chips.map((chip, i) => (
            <MemoryChip key={`${chip.memory?.seq ?? 'x'}-${i}`} chip={chip} onOpen={onOpen} />
          ))}
        </div>
      ) : null}
    </div>
  )
}
