import { useEffect, useState } from 'react'
import type { z } from 'zod'
import type {
  DeleteProjectPreviewSchema,
  Project,
  ProjectMemoryChoiceSchema
} from '@shared/projects/projects'
import { Dialog } from '../../components/dialog'
import { Spinner } from '../../components/icons'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { plural } from '../../lib/format'

type Preview = z.infer<typeof DeleteProjectPreviewSchema>
type MemoryChoice = z.infer<typeof ProjectMemoryChoiceSchema>

interface Props {
  project: Project
  open: boolean
  onClose(): void
  /** The project is gone: what happened to its chats and memory, in words. */
  onDeleted(outcome: string): void
}

const CHOICES: { id: MemoryChoice; label: string; help: (p: Preview) => string }[] = [
  {
    id: 'keep',
    label: 'Keep the folder',
    help: (p) =>
      `The memory files stay in ${p.memoryFolder}, untouched; their version history goes (Archive keeps it).`
  },
  {
    id: 'archive',
    label: 'Archive it',
    help: () =>
      "Its memory and history are packed into one archive file in Cairn's data folder, then removed from where they were."
  },
  {
    id: 'delete',
    label: 'Delete it with its history',
    help: (p) =>
      p.userFolder
        ? 'The memory files listed above and their history are deleted; nothing else in your folder is touched.'
        : "The memory files and their history are deleted from Cairn's data folder."
  }
]

/**
 * Deleting a project asks first what becomes of its memory, having shown what it holds: the chats
 * that move to "No project", and (for a folder the user picked) exactly which files would go.
 */
export function DeleteProjectDialog({ project, open, onClose, onDeleted }: Props) {
  const [preview, setPreview] = useState<Preview | null>(null)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const [choice, setChoice] = useState<MemoryChoice>('keep')
  const [deleting, setDeleting] = useState(false)
  // Mounted for one opening (project settings shows it only while asked): Keep comes first, and
  // a choice that deletes files is never preselected.
  useEffect(() => {
    if (!open) return
    let live = true
    call((api) => api.projects.deletePreview({ id: project.id })).then(
      (answer) => live && setPreview(answer),
      (error: unknown) => live && setFailure(toShownError(error))
    )
    return () => {
      live = false
    }
  }, [open, project.id])
  const confirm = () => {
    if (!preview) return
    setDeleting(true)
    setFailure(null)
    call((api) => api.projects.delete({ id: project.id, memory: choice })).then(
      (done) => {
        setDeleting(false)
        const chats =
          done.chatsMoved > 0 ? ` ${plural(done.chatsMoved, 'chat')} moved to No project.` : ''
        const memory =
          choice === 'keep'
            ? ` Its memory stays in ${preview.memoryFolder}.`
            : done.archivedTo
              ? ` Its memory is archived in ${done.archivedTo}.`
              : ' Its memory was deleted.'
        onDeleted(`Project “${project.name}” deleted.${chats}${memory}`)
      },
      (error: unknown) => {
        setDeleting(false)
        setFailure(toShownError(error))
      }
    )
  }
  const fileCount = preview ? preview.files.length + preview.more : 0
  return (
    <Dialog
      open={open}
      title={`Delete “${project.name}”?`}
      confirmLabel={
        deleting
          ? 'Deleting…'
          : choice === 'delete' && fileCount > 0
            ? `Delete project and ${plural(fileCount, 'file')}`
            : 'Delete project'
      }
      danger
      wide
      busy={!preview || deleting}
      onClose={onClose}
      onConfirm={confirm}
      below={
        preview ? (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-[13px] font-medium text-fg">
                What becomes of its memory
              </legend>
              {CHOICES.map((c) => (
                <label key={c.id} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="project-memory"
                    className="mt-1"
                    checked={choice === c.id}
                    onChange={() => setChoice(c.id)}
                  />
                  <span>
                    <span className="font-medium">{c.label}</span>
                    <span className="block text-muted">{c.help(preview)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {failure ? (
              <p role="alert" className="text-sm text-danger">
                Nothing was deleted: {failure.message} {failure.nextStep}
              </p>
            ) : null}
          </>
        ) : failure ? (
          <p role="alert" className="text-sm text-danger">
            {failure.message} {failure.nextStep ?? 'Close this and try again.'}
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> Looking at what the project holds…
          </p>
        )
      }
    >
      {preview ? <PreviewText preview={preview} /> : null}
    </Dialog>
  )
}

function PreviewText({ preview }: { preview: Preview }) {
  const count = preview.files.length + preview.more
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        {preview.chats > 0
          ? `Its ${plural(preview.chats, 'chat')} ${preview.chats === 1 ? 'moves' : 'move'} to No project (${preview.chats === 1 ? 'it is' : 'they are'} not deleted).`
          : 'It has no chats.'}{' '}
        Its memory lives in <code className="break-all text-fg">{preview.memoryFolder}</code>
        {count > 0 ? `, ${plural(count, 'memory file')}` : ', with no memory files'}
        {preview.userFolder ? ', a folder you chose:' : '.'}
      </p>
      {preview.userFolder && count > 0 ? (
        <ul
          aria-label="Memory files in the folder"
          className="max-h-32 overflow-auto rounded-control border border-line px-2.5 py-1.5 font-mono text-xs text-fg"
        >
          {preview.files.map((file) => (
            <li key={file}>{file}</li>
          ))}
          {preview.more > 0 ? (
            <li className="text-muted">and {plural(preview.more, 'more file')}</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}
