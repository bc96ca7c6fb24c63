import { CairnError } from '@shared/errors'
import { applyOptions, optionsOf } from '../conversations/conversation-options'
import { restartThinking } from '../frame/request-frame'
import type { ModelCatalog } from '../models/models'
import { thinkingSettingProblem } from '../thinking/thinking-setting'
import type { ChatService } from './api'
import type { ChatCore } from './core'
import { saveOrRollBack } from '../conversations/save-or-roll-back'

/*
 * A conversation's own options: its model, its instructions, memory switch and web tools, its
 * thinking. None changes while a reply runs; a save that fails leaves the option as it was.
 */

export type OptionCalls = Pick<ChatService, 'setModel' | 'updateConversation' | 'setThinking'>

export function createOptionCalls(core: ChatCore, deps: { models: ModelCatalog }): OptionCalls {
  return {
    async setModel({ conversationId, model }) {
      const conversation = await core.findIdle(conversationId)
      const next = model.trim()
      await saveOrRollBack(conversation, {
        keep: ['model', 'frame'],
        change: () => {
          // Another model reads none of the thinking so far: it is sent only from now on.
          if (next !== conversation.model) restartThinking(conversation, core.clock().toISOString())
          conversation.model = next
        },
        save: core.save
      })
      return core.summary(conversation)
    },
    async updateConversation({ conversationId, ...update }) {
      const conversation = await core.findIdle(conversationId)
      await saveOrRollBack(conversation, {
        keep: [],
        change: () => applyOptions(conversation, update),
        save: core.save
      })
      return optionsOf(conversation)
    },
    async setThinking({ conversationId, thinking }) {
      const conversation = await core.findIdle(conversationId)
      const { maxTokens } = core.settings()
      const described = await deps.models.describe(conversation.model)
      const problem = thinkingSettingProblem(conversation.model, described, thinking, maxTokens)
      if (problem) throw new CairnError('BAD_INPUT', problem)
      await saveOrRollBack(conversation, {
        keep: ['thinking'],
        change: () => {
          conversation.thinking = { ...thinking }
        },
        save: core.save
      })
      return core.summary(conversation)
    }
  }
}
