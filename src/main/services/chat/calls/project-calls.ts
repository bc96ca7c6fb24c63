import type Anthropic from '@anthropic-ai/sdk'
import type { Conversation } from '@shared/chat/chat'
import type { ProjectId } from '@shared/projects/projects'
import { CairnError } from '@shared/errors'
import { noticeOf } from '../turn/record-reply'
import type { ModelCatalog } from '../models/models'
import { thinkingSettingProblem } from '../thinking/thinking-setting'
import { applyOptions } from '../conversations/conversation-options'
import type { ProjectsForChat } from '../projects/projects-for-chat'
import type { Knowledge } from '../projects/knowledge'
import type { ChatEmit } from '../types'
import type { ChatService } from './api'
import type { ChatCore } from './core'
import { saveOrRollBack } from '../conversations/save-or-roll-back'

/*
 * Chats in projects (issue 38): a new chat in a project takes the project's space and defaults,
 * and a chat moves between projects. The project's instructions and knowledge are read at each
 * request (frame/, projects/knowledge.ts), so nothing of them is copied into the chat here.
 */

export type ProjectCalls = Pick<ChatService, 'moveToProject' | 'retryKnowledge'>

/** The project, or SPACE_NOT_FOUND saying what to do. */
export function requireProject(projects: ProjectsForChat | undefined, id: ProjectId) {
  const project = projects?.get(id)
  if (!project)
    throw new CairnError(
      'SPACE_NOT_FOUND',
      'That project no longer exists. It may have been deleted; pick another project in the sidebar, or start the chat under "No project".'
    )
  return project
}

/**
 * A new chat in the project: its memory space, and the defaults the project sets (its model is
 * chosen with the chat's, in createConversation).
 */
export async function applyProjectDefaults(
  conversation: Conversation,
  projectId: ProjectId,
  deps: { projects: ProjectsForChat | undefined; models: ModelCatalog; maxTokens: number }
): Promise<void> {
  const project = requireProject(deps.projects, projectId)
  const defaults = project.defaults
  conversation.space = project.id
  applyOptions(conversation, {
    webSearch: defaults.webSearch,
    webFetch: defaults.webFetch,
    serversOff: defaults.serversOff
  })
  if (defaults.thinking) {
    // A default the chat's model does not take is left out, as the thinking menu would refuse it.
    const described = await deps.models.describe(conversation.model)
    const problem = thinkingSettingProblem(
      conversation.model,
      described,
      defaults.thinking,
      deps.maxTokens
    )
    if (!problem) conversation.thinking = { ...defaults.thinking }
  }
}

export function createProjectCalls(
  core: ChatCore,
  deps: {
    emit: ChatEmit
    projects: ProjectsForChat | undefined
    /** Approvals waiting for the user in this chat. */
    waitingApprovals(conversationId: string): number
    knowledge: Knowledge | undefined
    client(): Promise<Anthropic | null>
  }
): ProjectCalls {
  return {
    async retryKnowledge({ id, hash }) {
      const project = requireProject(deps.projects, id)
      // Removed or uploaded meanwhile: the project as it is says so.
      const file = project.knowledge.find((k) => k.hash === hash)
      if (!file || file.fileId !== null) return project
      const client = await deps.client()
      if (!deps.knowledge || !client)
        throw new CairnError(
          'BAD_INPUT',
          'Cairn has no Anthropic API key to upload with. Add your key in Settings, then choose Retry again.'
        )
      return (await deps.knowledge.retry(id, hash, client)) ?? project
    },
    async moveToProject({ conversationId, project: to }) {
      const conversation = await core.find(conversationId)
      if (core.turns.isRunning(conversationId) || deps.waitingApprovals(conversationId) > 0)
        throw new CairnError(
          'CHAT_BUSY',
          'This chat is answering (or waiting for your approval), so it cannot move yet. Stop the reply or answer the approval, then move it.'
        )
      const target = to === null ? null : requireProject(deps.projects, to)
      if ((conversation.space ?? null) === (target?.id ?? null)) return core.summary(conversation)
      const now = core.clock().toISOString()
      await saveOrRollBack(conversation, {
        keep: ['space', 'messages', 'updatedAt'],
        change: () => {
          if (target) conversation.space = target.id
          else delete conversation.space
          // Shown in the chat, never sent: Claude is told on the next message (request-frame.ts).
          conversation.messages = [
            ...conversation.messages,
            noticeOf('moved-to-project', movedText(target?.name ?? null), now)
          ]
          conversation.updatedAt = now
        },
        save: core.save
      })
      // Every window showing the chat reloads it (the notice, and the project it is in now).
      deps.emit('chat:rewritten', { conversationId, conversation: core.summary(conversation) })
      return core.summary(conversation)
    }
  }
}

function movedText(project: string | null): string {
  return project === null
    ? 'Moved to "No project". From the next message, Claude uses your general memory, not the project\'s.'
    : `Moved to the project “${project}”. From the next message, Claude uses that project's memory and knowledge.`
}
