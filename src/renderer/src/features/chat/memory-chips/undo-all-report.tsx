import { plural } from '../../../lib/format'
import { UndoConflict } from '../../memory/history/undo-conflict'
import type { NotUndone } from './undo-all'
import type { UndoAllDone } from './use-undo-all'

/**
 * "Undid all 12 changes.", or "Undid 11 of 12 changes. 1 could not be undone because its file
 * changed since:" with the choices listed below it.
 */
function outcomeWords(state: UndoAllDone, total: number): string {
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

interface Props {
  state: UndoAllDone
  /** How many changes Undo all set out to undo. */
  total: number
  onAnyway(item: NotUndone): void
  onKeep(seq: number): void
}

/** What Undo all did, then each change it left with its choices and each refusal in its words. */
export function UndoAllReport({ state, total, onAnyway, onKeep }: Props) {
  return (
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
              onAnyway={() => onAnyway(item)}
              onKeep={() => onKeep(item.seq)}
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
  )
}
