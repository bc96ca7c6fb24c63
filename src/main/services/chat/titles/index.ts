import type Anthropic from '@anthropic-ai/sdk'
import type { Conversation, ConversationSummary } from '@shared/chat/chat'
import type { Logger } from '../../log/logger'
import type { ConversationStore } from '../conversations/conversation-store'
import { saveOrRollBack } from '../conversations/save-or-roll-back'
import type { ModelCatalog } from '../models/models'
import { classifyFault } from '../api/faults'
import type { ChatEmit } from '../types'
import { titleModel } from './cheap-model'
import { cleanTitle, titleBasis, titleRequest, type TitleBasis } from './prompt'

/*
 * A new chat is first named after its first message (conversations.ts). Once its first answer is
 * in, a cheap model is asked for a short title of the whole exchange, and the chat takes it, unless
 * the person renamed it meanwhile (their name always wins). A title that cannot be had (no key,
 * offline, an error from the API) is logged and the first-message title stays: it is never shown
 * as an error, because nothing the person asked for failed.
 */

export { titleModel } from './cheap-model'
export { cleanTitle, titleBasis, TITLE_MAX_TOKENS, TITLE_SYSTEM } from './prompt'

const TITLE_TIMEOUT_MS = 30_000

export interface TitleDeps {
  client: () => Promise<Anthropic | null>
  /** The models GET /v1/models lists (cached by the catalog). */
  models: Pick<ModelCatalog, 'list'>
  /** The live conversations: `get` is undefined once one is deleted. */
  store: Pick<ConversationStore, 'get' | 'save'>
  summary: (conversation: Conversation) => ConversationSummary
  emit: ChatEmit
  logger: Logger
  timeoutMs?: number
}

/** How a turn ended, as far as titles care (a TurnEnd fits). */
export interface AnswerEnd {
  kind: string
  status?: string
}

export interface Titles {
  /** After a turn: names the chat when this was its first answer and its title is still its own. */
  afterAnswer(conversation: Conversation, end: AnswerEnd): void
  /** Resolves when no title is being asked for. */
  idle(): Promise<void>
  /** Stops the titles in flight; nothing is saved after. */
  dispose(): Promise<void>
}

export function createTitles(deps: TitleDeps): Titles {
  const flying = new Map<string, Promise<void>>()
  const controller = new AbortController()

  async function write(id: string, chatModel: string, basis: TitleBasis): Promise<void> {
    const client = await deps.client()
    if (!client) return deps.logger.info('chat title not asked for: no API key')
    const listed = await deps.models.list({ configured: chatModel })
    const model = titleModel(listed.models, chatModel)
    let answer: string
    try {
      const response = await client.messages.create(titleRequest(model, basis), {
        signal: controller.signal,
        timeout: deps.timeoutMs ?? TITLE_TIMEOUT_MS
      })
      answer = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('')
    } catch (error) {
      if (controller.signal.aborted) return
      const { fault } = classifyFault(error, 'request')
      return deps.logger.warn('chat title not written', {
        model,
        code: fault.code,
        status: fault.status
      })
    }
    const title = cleanTitle(answer)
    if (!title)
      return deps.logger.warn('chat title not written: the answer had no words', { model })
    // An answer that only repeats the first message changes nothing worth a write.
    if (title === cleanTitle(basis.replaces))
      return deps.logger.info('chat title kept: the answer repeats it')
    const conversation = deps.store.get(id)
    // A rename (or an edit of the first message) while the request was out wins.
    if (
      controller.signal.aborted ||
      !conversation ||
      conversation.titleSource !== 'auto' ||
      conversation.title !== basis.replaces
    )
      return deps.logger.info('chat title not used: the chat changed meanwhile')
    try {
      await saveOrRollBack(conversation, {
        // Not kept by value: a rename while this title is saved wins, so the undo puts the first
        // title back only if this one is still there.
        keep: [],
        change: () => {
          conversation.title = title
          return () => {
            if (conversation.title === title) conversation.title = basis.replaces
          }
        },
        save: (changed) => deps.store.save(changed)
      })
    } catch (error) {
      return deps.logger.warn('chat title not saved', { error })
    }
    deps.emit('chat:titled', { conversationId: id, conversation: deps.summary(conversation) })
  }

  return {
    afterAnswer(conversation, end) {
      if (controller.signal.aborted || end.kind !== 'done' || end.status === 'interrupted') return
      if (flying.has(conversation.id)) return
      const basis = titleBasis(conversation)
      if (!basis) return
      const id = conversation.id
      const job = write(id, conversation.model, basis)
        .catch((error: unknown) => deps.logger.error('chat title failed', { error }))
        .finally(() => flying.delete(id))
      flying.set(id, job)
    },
    async idle() {
      while (flying.size > 0) await Promise.all([...flying.values()])
    },
    async dispose() {
      controller.abort()
      await Promise.all([...flying.values()])
    }
  }
}
