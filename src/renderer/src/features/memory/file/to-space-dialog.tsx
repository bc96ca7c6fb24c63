import { useId, useState } from 'react'
import type { MemorySpaceInfo } from '@shared/projects/projects'
import { CairnError } from '@shared/errors'
import { Dialog } from '../../../components/dialog'
import { call } from '../../../lib/api'
import { relativePath } from '../memory-paths'
import { useMemorySpace } from '../memory-space'
import { useMemorySpaces } from '../space-switcher'

interface Props {
  open: boolean
  path: string
  /** Unsaved edits: the copy takes the file as it is on disk, so the dialog says so. */
  dirty: boolean
  onClose(): void
  /** Done: what to tell the user, and whether the note left this space. */
  onDone(result: { note: string; moved: boolean }): void
}

/** The other memory spaces, for a note to go to (none: the button is not shown). */
export function useOtherSpaces(): MemorySpaceInfo[] {
  const space = useMemorySpace()
  return (useMemorySpaces() ?? []).filter((other) => other.id !== space)
}

/**
 * Copy or move a note to another project's memory. Main writes it through the target's own write
 * path (its caps, its secret guard, its history) and deletes the original only for a move.
 */
export function ToSpaceDialog({ open, path, dirty, onClose, onDone }: Props) {
  const space = useMemorySpace()
  const others = useOtherSpaces()
  const [to, setTo] = useState<string>('')
  const [move, setMove] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const selectId = useId()
  const target = others.find((other) => other.id === to) ?? others[0]

  const go = () => {
    if (!target) return
    setBusy(true)
    setProblem(null)
    call((api) => api.memory.copyToSpace({ space, path, to: target.id, move }))
      .then(
        (result) =>
          onDone({
            moved: result.moved,
            note:
              result.note ??
              `${result.moved ? 'Moved' : 'Copied'} to ${target.name}: ${relativePath(path)}.`
          }),
        (failure: unknown) => setProblem(CairnError.from(failure).detail)
      )
      .finally(() => setBusy(false))
  }

  return (
    <Dialog
      open={open}
      title={`Copy or move ${relativePath(path)}`}
      confirmLabel={move ? 'Move' : 'Copy'}
      busy={busy}
      onClose={() => {
        setProblem(null)
        onClose()
      }}
      onConfirm={go}
    >
      <div className="flex flex-col gap-3 text-sm">
        <label htmlFor={selectId} className="flex flex-col gap-1">
          <span className="font-medium">To the memory of</span>
          <select
            id={selectId}
            className="input"
            value={target?.id ?? ''}
            onChange={(event) => setTo(event.target.value)}
          >
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">Copy or move</legend>
          <label className="flex items-center gap-2">
            <input type="radio" checked={!move} onChange={() => setMove(false)} />
            Copy: keep it here too
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" checked={move} onChange={() => setMove(true)} />
            Move: remove it here once the copy is written
          </label>
        </fieldset>
        {dirty ? (
          <p className="text-muted">
            Your unsaved edits are not included: the note goes as it is on disk. Save first to
            include them.
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="text-danger">
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  )
}
