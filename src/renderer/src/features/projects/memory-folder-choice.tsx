import { useId, useState } from 'react'
import { FolderOpen } from 'lucide-react'
import { Spinner } from '../../components/icons'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'

/** The folder dialog's answer, as `projects:pick-folder` gives it. */
export interface FolderChoice {
  folder: string | null
  memoryFolder: string | null
  refused: string | null
}

interface Props {
  /** Null: memory in Cairn's data folder. */
  choice: FolderChoice | null
  onChoice(choice: FolderChoice | null): void
}

/**
 * "Keep its memory in a folder…": main's folder dialog, then where the memory will live (a
 * subfolder the user sees, to commit or sync with their own tools) or why that folder cannot.
 */
export function MemoryFolderChoice({ choice, onChoice }: Props) {
  const labelId = useId()
  const noteId = useId()
  const [picking, setPicking] = useState(false)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const pick = () => {
    setPicking(true)
    setFailure(null)
    call((api) => api.projects.pickFolder()).then(
      (answer) => {
        setPicking(false)
        // Cancelled: what was chosen before stays.
        if (answer.folder) onChoice(answer)
      },
      (error: unknown) => {
        setPicking(false)
        setFailure(toShownError(error))
      }
    )
  }
  const usable = choice?.folder && !choice.refused ? choice : null
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1.5">
      <span id={labelId} className="text-[13px] font-medium">
        Memory
      </span>
      <p id={noteId} className="text-sm text-muted">
        {usable ? (
          <>
            Its memory will live in <code className="break-all">{usable.memoryFolder}</code>, a
            folder you can commit or sync with your own tools.
          </>
        ) : (
          "Its memory will live in Cairn's data folder, apart from your other memories."
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="button"
          aria-describedby={noteId}
          aria-busy={picking || undefined}
          disabled={picking}
          onClick={pick}
        >
          {picking ? <Spinner /> : <FolderOpen size={16} aria-hidden />}
          {picking ? 'Choosing a folder…' : 'Keep its memory in a folder…'}
        </button>
        {choice ? (
          <button type="button" className="button button--quiet" onClick={() => onChoice(null)}>
            Use Cairn&apos;s data folder
          </button>
        ) : null}
      </div>
      {/* Always in the page, so the reason is announced when it appears. */}
      <p role="alert" className="text-sm text-danger empty:sr-only">
        {choice?.refused ? (
          <>
            <code className="break-all">{choice.folder}</code> cannot hold this project&apos;s
            memory: {choice.refused} Choose another folder, or use Cairn&apos;s data folder.
          </>
        ) : failure ? (
          `${failure.message} ${failure.nextStep ?? ''}`
        ) : null}
      </p>
    </div>
  )
}
