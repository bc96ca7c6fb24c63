import { useEffect, useState } from 'react'
import { Check, Undo2 } from 'lucide-react'
import type { RevertOverwrite } from '@shared/memory/history'
import type { SkippedFile } from '@shared/memory/memory'
import { toShownError } from '../../../lib/errors'
import { plural } from '../../../lib/format'
import { errorText } from '../change-words'
import { revert, wasUndone } from './history-api'
import { overwriteOf, UndoConflict, type UndoConflictResult } from './undo-conflict'
import { useMemorySpace } from '../memory-space'

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'undone' }
  /** An undo over many files (a sweep's) that left some as they were. */
  | { kind: 'partial'; restored: number; skipped: SkippedFile[] }
  | { kind: 'conflict'; conflict: UndoConflictResult }
  /** The user chose to keep the file as it is after a conflict. */
  | { kind: 'kept' }
  | { kind: 'failed'; message: string }

/**
 * Undo (or Restore) one activity entry through the engine, then say what happened: 'Undone', or,
 * when the file moved on, what changed and the choices (undo-conflict.tsx).
 */
export function UndoControl({
  seq,
  word,
  what,
  partialVerb = 'Brought back',
  by,
  onDone
}: {
  seq: number
  word: 'Undo' | 'Restore'
  /** For the accessible name: "Undo Claude's edit of a.md". */
  what: string
  /** What an undo over many files did to those it did not leave (a sweep's: brought back). */
  partialVerb?: string
  /** Who made the change ("Claude"), for the words when the file changed since. */
  by?: string
  onDone?(): void
}) {
  const { state, run, keep } = useUndo(seq, onDone)
  if (state.kind === 'undone')
    return (
      <span role="status" className="inline-flex items-center gap-1 text-xs text-success">
        <Check size={12} aria-hidden />
        {word === 'Restore' ? 'Restored' : 'Undone'}
      </span>
    )
  if (state.kind === 'partial')
    return <PartialUndo restored={state.restored} skipped={state.skipped} verb={partialVerb} />
  if (state.kind === 'conflict')
    return (
      <UndoConflict
        conflict={state.conflict}
        by={by}
        busy={false}
        onAnyway={() => run(overwriteOf(state.conflict))}
        onKeep={keep}
      />
    )
  if (state.kind === 'kept')
    return (
      <span role="status" className="text-xs text-muted">
        Kept as it is; nothing was undone.
      </span>
    )
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs text-muted hover:bg-fg/10 hover:text-fg disabled:opacity-50"
        aria-label={`${word} ${what}`}
        disabled={state.kind === 'busy'}
        onClick={() => run()}
      >
        <Undo2 size={12} aria-hidden />
        {word}
      </button>
      {state.kind === 'failed' ? (
        <span role="alert" className="text-xs text-danger">
          {state.message}
        </span>
      ) : null}
    </span>
  )
}

/** Runs the undo and holds what came of it; an undo done before this view mounted shows as done. */
function useUndo(seq: number, onDone: (() => void) | undefined) {
  const space = useMemorySpace()
  const [state, setState] = useState<State>({ kind: 'idle' })
  // An undo done before (this view was left, the window reloaded) still says so.
  useEffect(() => {
    let live = true
    wasUndone(space, seq).then(
      (undone) => {
        if (live && undone) setState((s) => (s.kind === 'idle' ? { kind: 'undone' } : s))
      },
      () => undefined
    )
    return () => {
      live = false
    }
  }, [space, seq])

  function run(overwrite?: RevertOverwrite[]): void {
    setState({ kind: 'busy' })
    revert(space, seq, overwrite).then(
      (result) => {
        if (result.status === 'reverted') {
          const skipped = result.skipped ?? []
          setState(
            skipped.length
              ? { kind: 'partial', restored: result.paths.length, skipped }
              : { kind: 'undone' }
          )
          if (result.paths.length) onDone?.()
        } else setState({ kind: 'conflict', conflict: result })
      },
      (failure: unknown) => setState({ kind: 'failed', message: errorText(toShownError(failure)) })
    )
  }

  return { state, run, keep: () => setState({ kind: 'kept' }) }
}

/** An undo over many files that left some: how many, and why each was left (behind "why"). */
function PartialUndo({
  restored,
  skipped,
  verb
}: {
  restored: number
  skipped: SkippedFile[]
  verb: string
}) {
  const [comparing, setComparing] = useState(false)
  const left = skipped.length
  return (
    <span className="inline-flex flex-col items-end gap-1 text-right">
      <span
        role="status"
        className="inline-flex flex-wrap items-center justify-end gap-1 text-xs text-warning"
      >
        {restored ? `${verb} ${plural(restored, 'file')}; ` : 'Nothing brought back; '}
        {plural(left, 'file')} left as {left === 1 ? 'it was' : 'they were'}:
        <button
          type="button"
          aria-expanded={comparing}
          className="text-accent underline-offset-2 hover:underline"
          onClick={() => setComparing((c) => !c)}
        >
          {comparing ? 'hide why' : 'why'}
        </button>
      </span>
      {comparing ? (
        <ul
          aria-label="Files left as they were"
          className="flex max-h-40 flex-col gap-0.5 overflow-auto text-xs text-muted"
        >
          {skipped.map((skip) => (
            <li key={skip.path}>{skip.reason}</li>
          ))}
        </ul>
      ) : null}
    </span>
  )
}
