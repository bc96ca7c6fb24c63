import { useState } from 'react'
import type { Project } from '@shared/projects/projects'
import { Dialog } from '../../components/dialog'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { InstructionsField, instructionsTooLong } from './instructions-field'
import { MemoryFolderChoice, type FolderChoice } from './memory-folder-choice'

interface Props {
  open: boolean
  onClose(): void
  onCreated(project: Project): void
}

/** New project: a name, instructions, and where its memory lives (Cairn's data, or a folder). */
export function NewProjectDialog({ open, onClose, onCreated }: Props) {
  // A fresh form each time it opens: nothing typed for one project carries to the next.
  const [round, setRound] = useState(0)
  const close = () => {
    onClose()
    setRound((n) => n + 1)
  }
  return <NewProjectForm key={round} open={open} onClose={close} onCreated={onCreated} />
}

function NewProjectForm({ open, onClose, onCreated }: Props) {
  const [instructions, setInstructions] = useState('')
  const [folder, setFolder] = useState<FolderChoice | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const create = (name: string) => {
    if (instructionsTooLong(instructions)) return // the field says so, in red
    setBusy(true)
    setFailure(null)
    const input = {
      name: name.trim(),
      ...(instructions.trim() ? { instructions } : {}),
      ...(folder?.folder && !folder.refused ? { folder: folder.folder } : {})
    }
    call((api) => api.projects.create(input)).then(
      (project) => {
        setBusy(false)
        onCreated(project)
        onClose()
      },
      (error: unknown) => {
        setBusy(false)
        setFailure(toShownError(error))
      }
    )
  }
  return (
    <Dialog
      open={open}
      title="New project"
      confirmLabel={busy ? 'Creating…' : 'Create project'}
      busy={busy}
      wide
      field={{ label: 'Name', initial: '' }}
      onClose={onClose}
      onConfirm={create}
      below={
        <>
          <InstructionsField value={instructions} onChange={setInstructions} />
          <MemoryFolderChoice choice={folder} onChoice={setFolder} />
          {failure ? (
            <p role="alert" className="text-sm text-danger">
              The project was not created: {failure.message} {failure.nextStep}
            </p>
          ) : null}
        </>
      }
    >
      A project keeps its chats together, adds its instructions to each of them, and gives them a
      memory of their own.
    </Dialog>
  )
}
