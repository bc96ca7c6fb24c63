import { useState } from 'react'
import { FilePlus2 } from 'lucide-react'
import type { MemoryEntry } from '@shared/memory/memory'
import { Dialog } from '../../components/dialog'
import { call } from '../../lib/api'
import { emptyNameProblem, explainNameFailure, type NameAttempt } from './memory-failures'
import { toMemoryPath } from './memory-paths'
import { useMemorySpace } from './memory-space'

interface Props {
  entries: readonly MemoryEntry[] | null
  onCreated(path: string): void
}

/** Whether `path` is a listed file or folder, for words like "A folder named work already …". */
export function kindIn(entries: readonly MemoryEntry[] | null): NameAttempt['kindAt'] {
  return (path) => {
    const found = entries?.find((e) => e.path === path)
    return found ? (found.kind === 'dir' ? 'folder' : 'file') : undefined
  }
}

/**
 * "New file" and its dialog. A name the engine refuses keeps the dialog open with what was typed,
 * and the reason under the field; only a file that was made closes it.
 */
export function NewFileButton({ entries, onCreated }: Props) {
  const space = useMemorySpace()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const create = (typed: string) => {
    const path = toMemoryPath(typed)
    const empty = emptyNameProblem(path)
    setProblem(empty)
    if (empty) return
    setBusy(true)
    call((api) => api.memory.create({ space, path, content: '', kind: 'file' }))
      .then(
        () => {
          setOpen(false)
          onCreated(path)
        },
        (failure: unknown) => {
          setProblem(explainNameFailure(failure, { to: path, kindAt: kindIn(entries) }))
        }
      )
      .finally(() => setBusy(false))
  }

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          setProblem(null)
          setOpen(true)
        }}
      >
        <FilePlus2 size={16} aria-hidden />
        New file
      </button>
      <Dialog
        open={open}
        title="New memory file"
        confirmLabel="Create"
        field={{ label: 'Path inside the memory folder', initial: 'notes.md' }}
        fieldError={problem}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={create}
      />
    </>
  )
}
