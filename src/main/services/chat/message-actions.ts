import type { Conversation, UserMessage } from '@shared/chat'
import { editMessage, prepareRegenerate, switchVersion } from './branches'

/*
 * Edit-and-resend, regenerate and version switching as chat service calls: each checks that no
 * reply is running, reshapes the conversation (branches.ts), saves it (or puts it back as it was
 * when the save fails) and starts the new reply.
 */

export interface MessageActionsService {
  /** Edit-and-resend: what followed the message is kept as an earlier version. */
  editMessage(input: {
    conversationId: string
    messageId: string
    text: string
  }): Promise<{ turnId: string; conversation: Conversation }>
  /** A new answer to the last message; the previous one is kept as an earlier version. */
  regenerate(input: {
    conversationId: string
  }): Promise<{ turnId: string; conversation: Conversation }>
  switchVersion(input: {
    conversationId: string
    messageId: string
    version: number
  }): Promise<{ conversation: Conversation }>
}

export interface MessageActionsDeps {
  find(conversationId: string): Promise<Conversation>
  /** Throws CHAT_BUSY while a reply runs in this conversation. */
  ensureIdle(conversationId: string): void
  save(conversation: Conversation): Promise<void>
  /** Starts a reply to the conversation as it stands; returns its turn id. */
  start(conversation: Conversation): string
  clock(): Date
  /** Puts on a new message what changed since Claude was last told; returns its undo. */
  annotate?(conversation: Conversation, message: UserMessage): () => void
}

export function createMessageActions(deps: MessageActionsDeps): MessageActionsService {
  async function reshape(conversation: Conversation, change: () => void): Promise<void> {
    const before = {
      messages: conversation.messages,
      branches: conversation.branches,
      title: conversation.title,
      updatedAt: conversation.updatedAt
    }
    change()
    conversation.updatedAt = deps.clock().toISOString()
    try {
      await deps.save(conversation)
    } catch (error) {
      Object.assign(conversation, before)
      if (before.branches === undefined) delete conversation.branches
      throw error
    }
  }

  async function idle(conversationId: string): Promise<Conversation> {
    const conversation = await deps.find(conversationId)
    deps.ensureIdle(conversationId)
    return conversation
  }

  return {
    async editMessage({ conversationId, messageId, text }) {
      const conversation = await idle(conversationId)
      let unnote = (): void => undefined
      await reshape(conversation, () => {
        const message = editMessage(conversation, messageId, text, deps.clock().toISOString())
        unnote = deps.annotate?.(conversation, message) ?? unnote
      }).catch((error: unknown) => {
        unnote()
        throw error
      })
      return { turnId: deps.start(conversation), conversation }
    },
    async regenerate({ conversationId }) {
      const conversation = await idle(conversationId)
      await reshape(conversation, () => prepareRegenerate(conversation))
      return { turnId: deps.start(conversation), conversation }
    },
    async switchVersion({ conversationId, messageId, version }) {
      const conversation = await idle(conversationId)
      await reshape(conversation, () => switchVersion(conversation, messageId, version))
      return { conversation }
    }
  }
}
