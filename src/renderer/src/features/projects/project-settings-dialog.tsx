import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import type { Project, ProjectDefaults } from '@shared/projects/projects'
import { Dialog } from '../../components/dialog'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { DefaultModelField } from './default-model-field'
import {
  DefaultThinkingField,
  useThinkingDefaultCheck,
  type ThinkingDefaultCheck
} from './default-thinking-field'
import { DefaultToolsField } from './default-tools-field'
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
  const { project, setProject } = useAnsweredProject(given)
  const [instructions, setInstructions] = useState(given.instructions)
  const [defaults, setDefaults] = useState<ProjectDefaults>(given.defaults)
  const change = (patch: ProjectDefaults) => setDefaults((now) => ({ ...now, ...patch }))
  const [deleting, setDeleting] = useState(false)
  const thinking = useThinkingDefaultCheck(defaults.model ?? '', defaults.thinking)
  const { saving, failure, heldForThinking, save } = useSaveSettings(
    { id: project.id, instructions, defaults, thinking },
    onClose
  )
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
            <NewChatDefaults defaults={defaults} thinking={thinking} onChange={change} />
            <KnowledgeList project={project} onProject={setProject} />
            <MemoryPlace project={project} />
            {heldForThinking && thinking.problem ? (
              <p role="alert" className="text-sm text-danger">
                Not saved: the thinking budget doesn&apos;t fit the reply limit. Change it under
                Thinking above, or turn thinking off.
              </p>
            ) : null}
            {failure ? (
              <p role="alert" className="text-sm text-danger">
                Not saved: {failure.message} {failure.nextStep}
              </p>
            ) : null}
            <DeleteRow onDelete={() => setDeleting(true)} />
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

/**
 * Main's latest word on the project: its answer to an add, remove or retry, until the list
 * brings a newer project (a chat's upload while the dialog is open shows too).
 */
function useAnsweredProject(given: Project) {
  const [answered, setAnswered] = useState<{ from: Project; project: Project } | null>(null)
  const project = answered?.from === given ? answered.project : given
  const setProject = (next: Project) => setAnswered({ from: given, project: next })
  return { project, setProject }
}

/**
 * Save: held while the instructions are too long or the thinking budget does not fit, then the
 * form goes to main and the dialog closes; a failure stays in the dialog.
 */
function useSaveSettings(
  form: {
    id: Project['id']
    instructions: string
    defaults: ProjectDefaults
    thinking: ThinkingDefaultCheck
  },
  onSaved: () => void
) {
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const [heldForThinking, setHeldForThinking] = useState(false)
  const save = (name: string) => {
    const { id, instructions, defaults, thinking } = form
    if (instructionsTooLong(instructions)) return // the field says so, in red
    if (thinking.problem) return setHeldForThinking(true) // said below Save until it is fixed
    setSaving(true)
    setFailure(null)
    const input = { id, name: name.trim(), instructions, defaults: chosen(defaults) }
    call((api) => api.projects.update(input)).then(
      () => {
        setSaving(false)
        onSaved()
      },
      (error: unknown) => {
        setSaving(false)
        setFailure(toShownError(error))
      }
    )
  }
  return { saving, failure, heldForThinking, save }
}

/** What a new chat in the project starts with: model, thinking and tools. */
function NewChatDefaults({
  defaults,
  thinking,
  onChange
}: {
  defaults: ProjectDefaults
  thinking: ThinkingDefaultCheck
  onChange(patch: ProjectDefaults): void
}) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-[13px] font-medium">New chats in this project</h3>
      <DefaultModelField value={defaults.model ?? ''} onChange={(model) => onChange({ model })} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DefaultThinkingField
          check={thinking}
          value={defaults.thinking}
          onChange={(thinking) => onChange({ thinking })}
        />
        <DefaultToolsField value={defaults} onChange={onChange} />
      </div>
    </section>
  )
}

/** Where the project's memory lives, and where the user finds it. */
function MemoryPlace({ project }: { project: Project }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-[13px] font-medium">Memory</h3>
      <p className="text-sm text-muted">
        Its chats see only this project&apos;s memory, kept in{' '}
        <code className="break-all text-fg">{project.memoryFolder}</code>
        {project.folder ? ' (in the folder you chose).' : " (in Cairn's data folder)."} Memory shows
        it once you choose the project at its top.
      </p>
    </section>
  )
}

/** Delete project…, with what deleting keeps said beside it. */
function DeleteRow({ onDelete }: { onDelete(): void }) {
  return (
    <div className="flex items-center justify-between gap-2 border-t border-line pt-3">
      <p className="text-xs text-muted">
        Deleting asks what becomes of its memory first; its chats are kept.
      </p>
      <button type="button" className="button button--quiet text-danger" onClick={onDelete}>
        <Trash2 size={14} aria-hidden />
        Delete project…
      </button>
    </div>
  )
}

/** What the form chose, without the choices left at "as Settings" (undefined or no model). */
function chosen(defaults: ProjectDefaults): ProjectDefaults {
  const set = Object.entries(defaults).filter(([key, value]) =>
    key === 'model' ? value !== '' && value !== undefined : value !== undefined
  )
  return Object.fromEntries(set) as ProjectDefaults
}
