import { randomUUID } from 'node:crypto'
import type { Conversation, UserMessage } from '@shared/chat/chat'
import type { AttachmentBlock } from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'
import { isUnfinishedReply, lastSpoken } from '@shared/chat/retry-target'
import type { AttachmentService } from '../attachments'
import { memoryFor } from '../conversations/conversation-options'
import type { SpaceId } from '@shared/memory/spaces'
import { hasUserText, titleFrom } from '../conversations/conversations'
import { noteUndone } from '../frame/undone-note'
import { unreadableAttachment, type ModelCatalog } from '../models/models'
import type { MemoryToolRunner } from '../types'
import type { ChatService } from './api'
import type { ChatCore } from './core'
import { saveOrRollBack, type Undo } from '../conversations/save-or-roll-back'

/*
 * Asking Claude: a new message (with its files, and a note of what changed since Claude was last
 * told), and asking again after a fault or a stop.
 */

export type SendCalls = Pick<ChatService, 'send' | 'retry'>

export function createSendCalls(
  core: ChatCore,
  deps: {
    models: ModelCatalog
    attachments: Pick<AttachmentService, 'blocksForSend'>
    /** What every request of the chat carries besides its messages (its project's knowledge). */
    alsoSent?: (conversation: Conversation) => Promise<AttachmentBlock[]>
    memoryIn: (space: SpaceId) => MemoryToolRunner
    /** Puts on a new message what changed since Claude was last told; returns its undo. */
    annotate(conversation: Conversation, message: UserMessage): Undo
  }
): SendCalls {
  return {
    async send({ conversationId, text, attachments: files = [] }) {
      const conversation = await core.findIdle(conversationId)
      const attached = await deps.attachments.blocksForSend(
        files,
        conversation,
        text,
        await deps.alsoSent?.(conversation)
      )
      const unread = unreadableAttachment(attached, await deps.models.describe(conversation.model))
      if (unread) throw new CairnError('BAD_INPUT', unread)
      const now = core.clock().toISOString()
      const message: UserMessage = {
        id: randomUUID(),
        role: 'user',
        createdAt: now,
        // Files before the words: the API's advice for images and documents.
        content: [...attached, ...(text.trim() ? [{ type: 'text' as const, text }] : [])]
      }
      let turnId = ''
      await saveOrRollBack(conversation, {
        keep: ['messages', 'title', 'updatedAt'],
        change: async () => {
          if (conversation.titleSource === 'auto' && !hasUserText(conversation))
            conversation.title = titleFrom(text.trim() ? text : (attached[0]?.name ?? ''))
          const unnoteFrame = deps.annotate(conversation, message)
          const unnoteUndone = await noteUndone(
            conversation,
            message,
            memoryFor(conversation, deps.memoryIn)
          )
          conversation.messages.push(message)
          conversation.updatedAt = now
          return () => {
            unnoteUndone()
            unnoteFrame()
          }
        },
        save: core.save,
        // The request goes out while the message is written (the fsync hides behind the
        // network); the reply shows nothing and saves nothing until the message is on disk, so a
        // fault can never lose it. A turn's events may therefore arrive before this call answers.
        whileSaving: (saved) => {
          turnId = core.turns.start(conversation, saved).id
          return core.turns.ended(conversationId)
        }
      })
      return { turnId, message, conversation: core.summary(conversation) }
    },
    async retry({ conversationId }) {
      const conversation = await core.findIdle(conversationId)
      const messages = conversation.messages
      const tail = lastSpoken(messages)
      const unfinished = isUnfinishedReply(tail)
      if (!tail || (tail.role === 'assistant' && !unfinished))
        throw new CairnError(
          'CHAT_NOTHING_TO_RETRY',
          'There is nothing to retry: the last reply is complete. Send a new message instead.'
        )
      if (unfinished)
        // The unfinished reply is replaced by the new one; kept when that cannot be saved.
        await saveOrRollBack(conversation, {
          keep: ['messages'],
          change: () => {
            conversation.messages = messages.filter((m) => m !== tail)
          },
          save: core.save
        })
      return { turnId: core.turns.start(conversation).id }
    }
  }
}
