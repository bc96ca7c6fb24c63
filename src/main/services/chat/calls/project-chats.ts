import type { SpaceId } from '@shared/memory/spaces'
import type { ChatEmit } from '../types'
import type { ChatService } from './api'
import type { ChatCore } from './core'
import { saveOrRollBack } from '../conversations/save-or-roll-back'

/*
 * A project's chats as a whole (issue 38): how many there are, and moving them all to
 * "No project" when the project is deleted (its chats are never deleted with it).
 */

export type ProjectChatCalls = Pick<ChatService, 'countIn' | 'moveAllOutOf'>

export function createProjectChatCalls(core: ChatCore, emit: ChatEmit): ProjectChatCalls {
  const { store } = core
  return {
    async countIn(space: SpaceId) {
      await store.ready()
      const chats = store.inSpace(space)
      return {
        chats: chats.length,
        running: chats.filter((chat) => core.turns.isRunning(chat.id)).length
      }
    },
    async moveAllOutOf(space: SpaceId) {
      await store.ready()
      let moved = 0
      for (const conversation of store.inSpace(space)) {
        // A chat without `space` is in "No project": the default memory, as before projects.
        await saveOrRollBack(conversation, {
          keep: ['space'],
          change: () => {
            delete conversation.space
          },
          save: core.save
        })
        emit('chat:rewritten', {
          conversationId: conversation.id,
          conversation: core.summary(conversation)
        })
        moved += 1
      }
      return moved
    }
  }
}
