import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import {
  CONVERSATION_VERSION,
  type Conversation,
  type ConversationSummary
} from '@shared/chat/chat'
import { costSummary } from '@shared/models/cost-summary'
import { CairnError } from '@shared/errors'
import { writeFileDurably } from '../../fs/durable'
import { DEFAULT_TITLE, listOrder, matchConversation } from '../conversations/conversations'
import { conversationToMarkdown, exportFileName } from '../conversations/export-markdown'
import type { ModelCatalog } from '../models/models'
import { newChatModel } from '../models/new-chat-model'
import type { ChatService, ChooseSavePath } from './api'
import type { ChatCore } from './core'
import { saveOrRollBack } from '../conversations/save-or-roll-back'
import { applyProjectDefaults } from './project-calls'
import type { ProjectsForChat } from '../projects/projects-for-chat'

/*
 * The conversation list and each conversation as a whole: list, search, open, create, rename,
 * pin, export, delete, and what the saved replies cost.
 */

export type ConversationCalls = Pick<
  ChatService,
  | 'listConversations'
  | 'costSummary'
  | 'searchConversations'
  | 'getConversation'
  | 'createConversation'
  | 'renameConversation'
  | 'deleteConversation'
  | 'restoreConversation'
  | 'setPinned'
  | 'exportConversation'
>

interface ConversationDeps {
  models: ModelCatalog
  chooseSavePath?: ChooseSavePath | undefined
  projects?: ProjectsForChat | undefined
}

export function createConversationCalls(core: ChatCore, deps: ConversationDeps): ConversationCalls {
  const { store } = core
  return {
    ...listingCalls(core),
    async getConversation({ conversationId }) {
      const conversation = await core.find(conversationId)
      return { conversation, running: core.turns.isRunning(conversationId) }
    },
    createConversation: (input) => createConversation(core, deps, input),
    async renameConversation({ conversationId, title }) {
      const conversation = await core.find(conversationId)
      await saveOrRollBack(conversation, {
        keep: ['title', 'titleSource'],
        change: () => {
          conversation.title = title.trim()
          conversation.titleSource = 'user'
        },
        save: core.save
      })
      return core.summary(conversation)
    },
    async deleteConversation({ conversationId }) {
      await core.find(conversationId)
      await core.turns.stop(conversationId)
      // Kept aside until the next start for Undo; its attachments go with the start's sweep.
      await store.remove(conversationId)
      return { conversationId }
    },
    async restoreConversation({ conversationId }) {
      const restored = await store.restore(conversationId)
      return restored ? core.summary(restored) : null
    },
    async setPinned({ conversationId, pinned }) {
      const conversation = await core.find(conversationId)
      await saveOrRollBack(conversation, {
        keep: ['pinned'],
        change: () => {
          conversation.pinned = pinned
        },
        save: core.save
      })
      return core.summary(conversation)
    },
    exportConversation: ({ conversationId }) =>
      exportConversation(core, deps.chooseSavePath, conversationId)
  }
}

/** The list in its order, a search of it, and what the saved replies cost. */
function listingCalls({
  store,
  clock,
  summary
}: ChatCore): Pick<ConversationCalls, 'listConversations' | 'costSummary' | 'searchConversations'> {
  return {
    async listConversations() {
      await store.ready()
      return {
        conversations: store
          .all()
          .sort(listOrder)
          .map((c) => summary(c)),
        problems: store.problems()
      }
    },
    async costSummary() {
      await store.ready()
      return costSummary(store.all(), clock())
    },
    async searchConversations({ query }) {
      await store.ready()
      const conversations: ConversationSummary[] = []
      for (const conversation of store.all().sort(listOrder)) {
        const hit = matchConversation(conversation, query.trim())
        if (hit !== null) conversations.push(summary(conversation, hit))
      }
      return { conversations }
    }
  }
}

/** A new chat: the model and memory asked for, else its project's defaults, else Settings'. */
async function createConversation(
  core: ChatCore,
  deps: ConversationDeps,
  input: Parameters<ConversationCalls['createConversation']>[0]
): Promise<Conversation> {
  await core.store.ready()
  const settings = core.settings()
  const defaults = input?.project ? deps.projects?.get(input.project)?.defaults : undefined
  const model = input?.model ?? defaults?.model ?? (await newChatModel(settings.model, deps.models))
  // Asked for (New chat without memory) over the project's default over Settings'.
  const memory = input?.memory ?? defaults?.memory ?? settings.newChatMemory
  const now = core.clock().toISOString()
  const conversation: Conversation = {
    version: CONVERSATION_VERSION,
    id: randomUUID(),
    title: DEFAULT_TITLE,
    titleSource: 'auto',
    model,
    createdAt: now,
    updatedAt: now,
    messages: [],
    ...(memory === 'off' ? { memory: 'off' as const } : {})
  }
  if (input?.project !== undefined)
    await applyProjectDefaults(conversation, input.project, {
      projects: deps.projects,
      models: deps.models,
      maxTokens: settings.maxTokens
    })
  await core.save(conversation)
  return conversation
}

/** The chat as Markdown, in the file the user chose (nothing written when they cancel). */
async function exportConversation(
  core: ChatCore,
  chooseSavePath: ChooseSavePath | undefined,
  conversationId: string
): Promise<{ saved: boolean; fileName: string | null }> {
  const conversation = await core.find(conversationId)
  const markdown = conversationToMarkdown(conversation, core.clock())
  if (!chooseSavePath)
    throw new CairnError('EXPORT_FAILED', 'Saving files is not available in this window.')
  const path = await chooseSavePath({
    title: 'Export conversation',
    defaultName: exportFileName(conversation),
    filters: [{ name: 'Markdown', extensions: ['md'] }]
  })
  if (!path) return { saved: false, fileName: null }
  try {
    await writeFileDurably(path, markdown)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'write error'
    core.logger.warn('export not written', { code })
    throw new CairnError(
      'EXPORT_FAILED',
      `The conversation could not be saved there (${code}). Choose a folder you can write to, such as Documents, and export again.`
    )
  }
  return { saved: true, fileName: basename(path) }
}
