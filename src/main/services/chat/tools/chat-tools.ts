import type { Conversation } from '@shared/chat/chat'
import type { Settings } from '@shared/app/settings'
import { MEMORY_OFF_RUNNER } from '../conversations/conversation-options'
import { memoryProvider, type MemoryProviderDeps } from './memory/memory-provider'
import { webProvider } from './web/web-provider'
import { Toolbox } from './toolbox'

/**
 * The providers of a chat, in the order their tools are listed: memory always (with memory off
 * it answers that memory is off), then the web tools the chat turned on. `memory` absent: the
 * toolbox only says what is offered (a request built outside a turn).
 */
export function chatToolbox(
  conversation: Partial<Pick<Conversation, 'web'>>,
  settings: Pick<Settings, 'webAllowedDomains' | 'webBlockedDomains'>,
  memory: MemoryProviderDeps = { runner: MEMORY_OFF_RUNNER }
): Toolbox {
  return new Toolbox([memoryProvider(memory), webProvider(conversation, settings)])
}
