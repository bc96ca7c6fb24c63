import { useState } from 'react'
import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'
import { Dialog } from '../../components/dialog'

interface Props {
  /** The chat to move; null: closed. */
  conversation: ConversationSummary | null
  name: string
  projects: readonly Project[]
  onClose(): void
  /** null: "No project". */
  onMove(project: string | null): void
}

/** "Move to project…": the chat's project, chosen from a list (arrow keys move between them). */
export function MoveToProjectDialog({ conversation, name, projects, onClose, onMove }: Props) {
  const [choice, setChoice] = useState<{ for: string; project: string | null } | null>(null)
  const current = conversation?.space ?? null
  const chosen = choice && choice.for === conversation?.id ? choice.project : current
  const options = [
    { id: null, name: 'No project' },
    ...projects.map((p) => ({ id: p.id as string | null, name: p.name }))
  ]
  return (
    <Dialog
      open={conversation !== null}
      title={`Move “${name}” to a project`}
      confirmLabel="Move"
      onClose={onClose}
      onConfirm={() => onMove(chosen)}
      below={
        <fieldset className="flex max-h-64 flex-col gap-1.5 overflow-auto">
          <legend className="sr-only">Project</legend>
          {options.map((o) => (
            <label key={o.id ?? ''} className="checkbox">
              <input
                type="radio"
                name="move-to-project"
                checked={chosen === o.id}
                onChange={() => setChoice({ for: conversation?.id ?? '', project: o.id })}
              />
              {o.name}
              {o.id === current ? <span className="text-xs text-muted">(now)</span> : null}
            </label>
          ))}
        </fieldset>
      }
    >
      Its next message uses the chosen project&apos;s memory and instructions; what it already said
      stays as it was.
    </Dialog>
  )
}
