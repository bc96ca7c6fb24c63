import type { Conversation } from '@shared/chat/chat'
import { conversationHolds, withoutText } from '../conversations/forget-text'
import type { ChatEmit } from '../types'
import type { ChatService } from './api'
import type { ChatCore } from './core'
import { saveOrRollBack } from '../conversations/save-or-roll-back'

/*
 * Forget (issue 35) reaches conversations only through these calls: which conversations hold a
 * text, and taking it out of one through the conversation's own save.
 */

export type ForgetCalls = Pick<ChatService, 'findText' | 'forgetText'>

export function createForgetCalls(core: ChatCore, emit: ChatEmit): ForgetCalls {
  const { store } = core
  return {
    async findText(text) {
      await store.ready()
      return store
        .all()
        .filter((conversation) => conversationHolds(conversation, text))
        .map((conversation) => ({
          conversationId: conversation.id,
          title: conversation.title.split(text).join('•••')
        }))
    },
    async forgetText({ conversationId, text }) {
      // A running reply would save its own copy over the change.
      const conversation = await core.findIdle(conversationId)
      const changed = conversationHolds(conversation, text)
      const next = changed ? withoutText(conversation, text, core.clock().toISOString()) : {}
      // Saved even when memory held nothing: the file on disk may be older than memory.
      await saveOrRollBack(conversation, {
        keep: Object.keys(conversation) as (keyof Conversation)[],
        change: () => {
          Object.assign(conversation, next)
        },
        save: core.save
      })
      // An open view of it reads it again.
      if (changed)
        emit('chat:rewritten', { conversationId, conversation: core.summary(conversation) })
      return { changed }
    }
  }
}
