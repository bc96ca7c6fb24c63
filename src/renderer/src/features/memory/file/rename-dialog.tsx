import { useState } from 'react'
import { Dialog } from '../../../components/dialog'
import { call } from '../../../lib/api'
import { useMemoryData } from '../use-memory-data'
import { emptyNameProblem, explainNameFailure } from '../memory-failures'
import { relativePath, toMemoryPath } from '../memory-paths'
import { kindIn } from '../new-file'
import { useMemorySpace } from '../memory-space'

interface Props {
  open: boolean
  path: string
  onClose(): void
  onRenamed(to: string): void
}

/**
 * Rename (or move, with a folder in the new path). As New file: a refused name keeps the dialog
 * and what was typed, with the reason in plain words under the field.
 */
export function RenameDialog({ open, path, onClose, onRenamed }: Props) {
  const space = useMemorySpace()
  const entries = useMemoryData().entries
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const rename = (typed: string) => {
    const to = toMemoryPath(typed)
    const empty = emptyNameProblem(to)
    setProblem(empty)
    if (empty) return
    if (to === path) return onClose()
    setBusy(true)
    call((api) => api.memory.rename({ space, from: path, to }))
      .then(
        () => onRenamed(to),
        (failure: unknown) => {
          setProblem(explainNameFailure(failure, { from: path, to, kindAt: kindIn(entries) }))
        }
      )
      .finally(() => setBusy(false))
  }

  return (
    <Dialog
      open={open}
      title="Rename file"
      confirmLabel="Rename"
      field={{ label: 'New path', initial: relativePath(path) }}
      fieldError={open ? problem : null}
      busy={busy}
      onClose={() => {
        setProblem(null)
        onClose()
      }}
      onConfirm={rename}
    />
  )
}
