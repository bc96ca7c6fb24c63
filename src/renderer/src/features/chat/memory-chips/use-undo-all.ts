import { useState } from 'react'
import { revert } from '../../memory/history/history-api'
import { useMemorySpace } from '../../memory/memory-space'
import { overwriteOf } from '../../memory/history/undo-conflict'
import type { ChipData } from './chip-data'
import { undoAll, type NotUndone } from './undo-all'

export type UndoAllState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; undone: number; left: NotUndone[]; kept: number; failures: string[] }

export type UndoAllDone = Extract<UndoAllState, { kind: 'done' }>

/**
 * Undo all of an answer's memory changes (undo-all.ts), then the choices on each change left as
 * it was: undo it anyway, or keep it.
 */
export function useUndoAll(chips: readonly ChipData[]) {
  const space = useMemorySpace()
  const [state, setState] = useState<UndoAllState>({ kind: 'idle' })
  // Bumped after Undo all: the chips mount again and read that they were undone.
  const [generation, setGeneration] = useState(0)

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
  return { state, generation, run, anyway, keep: (seq: number) => settle(seq, false) }
}
