import type { Conversation, ConversationSummary } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import type { Settings } from '@shared/app/settings'
import type { Logger } from '../../log/logger'
import type { ConversationStore } from '../conversations/conversation-store'
import { summaryOf, type SearchHit } from '../conversations/conversations'
import { saveFailure } from '../api/faults'
import type { TurnRunner } from '../turn/turn-runner'

/*
 * What every group of chat calls works with: the conversations, the running replies, and the
 * few steps they all take (find one, summarise one, save one with a message the user can act on).
 */

export interface ChatCore {
  store: ConversationStore
  turns: TurnRunner
  settings(): Settings
  clock(): Date
  logger: Logger
  /** The conversation, or CHAT_NOT_FOUND. */
  find(conversationId: string): Promise<Conversation>
  /** The conversation, or CHAT_NOT_FOUND; CHAT_BUSY while a reply runs in it. */
  findIdle(conversationId: string): Promise<Conversation>
  summary(conversation: Conversation, hit?: SearchHit | null): ConversationSummary
  /** Saves durably, or throws CHAT_WRITE_FAILED saying why and what to do. */
  save(conversation: Conversation): Promise<void>
}

export function createChatCore(parts: {
  store: ConversationStore
  turns: TurnRunner
  settings(): Settings
  clock(): Date
  logger: Logger
}): ChatCore {
  const { store, turns, logger } = parts

  async function find(conversationId: string): Promise<Conversation> {
    await store.ready()
    const conversation = store.get(conversationId)
    if (!conversation)
      throw new CairnError(
        'CHAT_NOT_FOUND',
        'That conversation no longer exists. It may have been deleted; pick another one from the list.'
      )
    return conversation
  }

  return {
    ...parts,
    find,
    async findIdle(conversationId) {
      const conversation = await find(conversationId)
      turns.ensureIdle(conversationId)
      return conversation
    },
    summary: (conversation, hit = null) =>
      summaryOf(conversation, turns.isRunning(conversation.id), hit),
    async save(conversation) {
      try {
        await store.save(conversation)
      } catch (error) {
        logger.error('conversation not saved', { error })
        const { reason, nextStep } = saveFailure(error, 'try again')
        throw new CairnError(
          'CHAT_WRITE_FAILED',
          `The conversation could not be saved (${reason}). ${nextStep}`
        )
      }
    }
  }
}
