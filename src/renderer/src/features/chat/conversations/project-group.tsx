import { useId, type ReactNode } from 'react'
import { ChevronRight, FolderClosed, Settings2, SquarePen } from 'lucide-react'
import type { Project } from '@shared/projects/projects'

interface Props {
  /** Null: "No project" (every chat outside a project). */
  project: Project | null
  count: number
  open: boolean
  onToggle(): void
  onNewChat?(): void
  onSettings?(): void
  children: ReactNode
}

const ACTION = 'rounded p-1 text-muted hover:bg-fg/10 hover:text-fg'

/**
 * One project in the sidebar: a disclosure button with its name and how many chats it holds,
 * then New chat in it and its settings; its chats below while open.
 */
export function ProjectGroup({
  project,
  count,
  open,
  onToggle,
  onNewChat,
  onSettings,
  children
}: Props) {
  const listId = useId()
  const name = project?.name ?? 'No project'
  return (
    <li className="project-group" data-project={project?.id ?? ''}>
      <div className="project-group__header">
        <h2 className="min-w-0 flex-1">
          <button
            type="button"
            className="project-group__toggle"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            title={name}
            aria-label={`${name}, ${count} ${count === 1 ? 'chat' : 'chats'}`}
            onClick={onToggle}
          >
            <ChevronRight size={14} aria-hidden className="project-group__chevron shrink-0" />
            {project ? <FolderClosed size={14} aria-hidden className="shrink-0" /> : null}
            <span className="truncate">{name}</span>
            <span className="project-group__count" aria-hidden>
              {count}
            </span>
          </button>
        </h2>
        {project && onNewChat ? (
          <button
            type="button"
            className={ACTION}
            aria-label={`New chat in ${name}`}
            title={`New chat in ${name}`}
            onClick={onNewChat}
          >
            <SquarePen size={14} aria-hidden />
          </button>
        ) : null}
        {project && onSettings ? (
          <button
            type="button"
            className={ACTION}
            aria-label={`${name} settings`}
            title="Project settings: instructions, knowledge, memory"
            onClick={onSettings}
          >
            <Settings2 size={14} aria-hidden />
          </button>
        ) : null}
      </div>
      {open ? (
        <ul id={listId} aria-label={name}>
          {count === 0 ? (
            <li className="px-3 py-1.5 text-xs text-muted">No chats yet.</li>
          ) : (
            children
          )}
        </ul>
      ) : null}
    </li>
  )
}
