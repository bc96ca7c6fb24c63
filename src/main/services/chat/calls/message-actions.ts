import { randomUUID } from 'node:crypto'
import type { Conversation, UserMessage } from '@shared/chat/chat'
import { continuable } from '@shared/chat/stop-reasons'
import { CairnError } from '@shared/errors'
import { editMessage, prepareRegenerate, switchVersion } from '../conversations/branches'
import type { ChatService } from './api'
import { saveOrRollBack, type Undo } from '../conversations/save-or-roll-back'

/*
 * Edit-and-resend, regenerate and version switching as chat service calls: each checks that no
 * reply is running, reshapes the conversation (../branches.ts), saves it (or puts it back as it was
 * when the save fails) and starts the new reply.
 */

export type MessageActionsService = Pick<
  ChatService,
  'editMessage' | 'regenerate' | 'continueReply' | 'switchVersion'
>

export interface MessageActionsDeps {
  find(conversationId: string): Promise<Conversation>
  /** Throws CHAT_BUSY while a reply runs in this conversation. */
  ensureIdle(conversationId: string): void
  save(conversation: Conversation): Promise<void>
  /** Starts a reply to the conversation as it stands; returns its turn id. */
  start(conversation: Conversation): string
  clock(): Date
  /** Puts on a new message what changed since Claude was last told; returns its undo. */
  annotate?(conversation: Conversation, message: UserMessage): Undo
}

export function createMessageActions(deps: MessageActionsDeps): MessageActionsService {
  /** Reshapes the conversation and saves it, or puts it back as it was. */
  function reshape(conversation: Conversation, change: () => Undo | void): Promise<void> {
    return saveOrRollBack(conversation, {
      keep: ['messages', 'branches', 'title', 'updatedAt'],
      change: () => {
        const undo = change()
        conversation.updatedAt = deps.clock().toISOString()
        return undo
      },
      save: deps.save
    })
  }

  async function idle(conversationId: string): Promise<Conversation> {
    const conversation = await deps.find(conversationId)
    deps.ensureIdle(conversationId)
    return conversation
  }

  return {
    async editMessage({ conversationId, messageId, text }) {
      const conversation = await idle(conversationId)
      await reshape(conversation, () => {
        const message = editMessage(conversation, messageId, text, deps.clock().toISOString())
        return deps.annotate?.(conversation, message)
      })
      return { turnId: deps.start(conversation), conversation }
    },
    async regenerate({ conversationId }) {
      const conversation = await idle(conversationId)
      await reshape(conversation, () => prepareRegenerate(conversation))
      return { turnId: deps.start(conversation), conversation }
    },
    async continueReply({ conversationId }) {
      const conversation = await idle(conversationId)
      const reply = continuable(conversation.messages)
      if (!reply)
        throw new CairnError(
          'CHAT_NOTHING_TO_CONTINUE',
          'There is nothing to continue: the last answer is whole. Send a new message instead.'
        )
      if (reply.stopReason === 'max_tokens') {
        const message: UserMessage = {
          id: randomUUID(),
          role: 'user',
          createdAt: deps.clock().toISOString(),
          content: [],
          context: CONTINUE_NOTE
        }
        await reshape(conversation, () => {
          conversation.messages.push(message)
          return deps.annotate?.(conversation, message)
        })
      }
      return { turnId: deps.start(conversation), conversation }
    },
    async switchVersion({ conversationId, messageId, version }) {
      const conversation = await idle(conversationId)
      await reshape(conversation, () => switchVersion(conversation, messageId, version))
      return { conversation }
    }
  }
}

/** What Claude is told when the user presses Continue after an answer cut off at the limit. */
export const CONTINUE_NOTE =
  'Note from Cairn, the app (not written by the user): your previous answer was cut off by the reply limit. The user pressed Continue: go on exactly where it stopped, without repeating what you already wrote.'
