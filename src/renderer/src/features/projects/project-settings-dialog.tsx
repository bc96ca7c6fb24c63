import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import type { Project } from '@shared/projects/projects'
import { Dialog } from '../../components/dialog'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { DefaultModelField } from './default-model-field'
import { DeleteProjectDialog } from './delete-project-dialog'
import { InstructionsField, instructionsTooLong } from './instructions-field'
import { KnowledgeList } from './knowledge-list'

interface Props {
  /** Null: closed. */
  project: Project | null
  onClose(): void
  /** The project was deleted (the words say what became of its chats and memory). */
  onDeleted(outcome: string): void
}

/** A project's settings: name, instructions, knowledge, where its memory lives, Delete project…. */
export function ProjectSettingsDialog({ project, onClose, onDeleted }: Props) {
  // A fresh form for each opening, so edits left unsaved last time do not come back.
  return project ? (
    <SettingsForm key={project.id} project={project} onClose={onClose} onDeleted={onDeleted} />
  ) : null
}

function SettingsForm({
  project: given,
  onClose,
  onDeleted
}: {
  project: Project
  onClose(): void
  onDeleted(outcome: string): void
}) {
  /** Main's latest word on the project (knowledge changes as files are added and removed). */
  const [project, setProject] = useState(given)
  const [instructions, setInstructions] = useState(given.instructions)
  const [model, setModel] = useState(given.defaults.model ?? '')
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const [deleting, setDeleting] = useState(false)
  const save = (name: string) => {
    if (instructionsTooLong(instructions)) return // the field says so, in red
    setSaving(true)
    setFailure(null)
    // The other defaults (thinking, tools) are kept as they are; only the model is chosen here.
    const { model: _old, ...rest } = project.defaults
    const defaults = model ? { ...rest, model } : rest
    const input = { id: project.id, name: name.trim(), instructions, defaults }
    call((api) => api.projects.update(input)).then(
      () => {
        setSaving(false)
        onClose()
      },
      (error: unknown) => {
        setSaving(false)
        setFailure(toShownError(error))
      }
    )
  }
  return (
    <>
      <Dialog
        open
        title={`${project.name}: project settings`}
        confirmLabel={saving ? 'Saving…' : 'Save'}
        busy={saving}
        wide
        field={{ label: 'Name', initial: given.name }}
        onClose={onClose}
        onConfirm={save}
        below={
          <>
            <InstructionsField value={instructions} onChange={setInstructions} />
            <DefaultModelField value={model} onChange={setModel} />
            <KnowledgeList project={project} onProject={setProject} />
            <section className="flex flex-col gap-1">
              <h3 className="text-[13px] font-medium">Memory</h3>
              <p className="text-sm text-muted">
                Its chats see only this project&apos;s memory, kept in{' '}
                <code className="break-all text-fg">{project.memoryFolder}</code>
                {project.folder ? ' (in the folder you chose).' : " (in Cairn's data folder)."}{' '}
                Memory shows it once you choose the project at its top.
              </p>
            </section>
            {failure ? (
              <p role="alert" className="text-sm text-danger">
                Not saved: {failure.message} {failure.nextStep}
              </p>
            ) : null}
            <div className="flex items-center justify-between gap-2 border-t border-line pt-3">
              <p className="text-xs text-muted">
                Deleting asks what becomes of its memory first; its chats are kept.
              </p>
              <button
                type="button"
                className="button button--quiet text-danger"
                onClick={() => setDeleting(true)}
              >
                <Trash2 size={14} aria-hidden />
                Delete project…
              </button>
            </div>
          </>
        }
      />
      {deleting ? (
        <DeleteProjectDialog
          project={project}
          open
          onClose={() => setDeleting(false)}
          onDeleted={(outcome) => {
            setDeleting(false)
            onDeleted(outcome)
          }}
        />
      ) : null}
    </>
  )
}
