import { useState, type ReactNode } from 'react'
import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { conversationName } from '../chat/conversations/conversation-row'
import { MoveToProjectDialog } from './move-to-project-dialog'
import { NewProjectDialog } from './new-project-dialog'
import { ProjectSettingsDialog } from './project-settings-dialog'

interface Options {
  projects: readonly Project[] | null
  /** A project was made: the chat view starts a chat in it. */
  onCreated(project: Project): void
  /** A chat changed project, or a project was deleted: the list reloads and says what happened. */
  onDone(status: string): void
  onError(error: ShownError): void
}

/** The chat view's project dialogs (new, settings and delete, move a chat) and how to open them. */
export function useProjectDialogs({ projects, onCreated, onDone, onError }: Options): {
  newProject(): void
  settings(projectId: string): void
  move(conversation: ConversationSummary): void
  dialogs: ReactNode
} {
  const [creating, setCreating] = useState(false)
  const [settingsId, setSettingsId] = useState<string | null>(null)
  const [moving, setMoving] = useState<ConversationSummary | null>(null)
  const list = projects ?? []
  const move = (c: ConversationSummary, project: string | null) => {
    setMoving(null)
    if ((c.space ?? null) === project) return
    call((api) => api.chat.moveToProject({ conversationId: c.id, project })).then(
      () => {
        const to = list.find((p) => p.id === project)?.name
        onDone(
          to
            ? `“${conversationName(c)}” is in ${to} now: its next message uses that project's memory.`
            : `“${conversationName(c)}” is in No project now: its next message uses your main memory.`
        )
      },
      (failure: unknown) => onError(toShownError(failure))
    )
  }
  const dialogs = (
    <>
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
      <ProjectSettingsDialog
        project={list.find((p) => p.id === settingsId) ?? null}
        onClose={() => setSettingsId(null)}
        onDeleted={(outcome) => {
          setSettingsId(null)
          onDone(outcome)
        }}
      />
      <MoveToProjectDialog
        conversation={moving}
        name={moving ? conversationName(moving) : ''}
        projects={list}
        onClose={() => setMoving(null)}
        onMove={(project) => moving && move(moving, project)}
      />
    </>
  )
  return {
    newProject: () => setCreating(true),
    settings: setSettingsId,
    move: setMoving,
    dialogs
  }
}
