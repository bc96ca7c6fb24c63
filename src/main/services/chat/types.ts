import type { EventName, EventPayload } from '@shared/contract'
import type { MemoryService } from '../memory/service'

export type ChatEventName = Extract<EventName, `chat:${string}`>
export type ChatEmit = <E extends ChatEventName>(event: E, payload: EventPayload<E>) => void

/**
 * The memory service as the chat loop uses it (`execute` never throws); `enabled` false (memory
 * off) means requests offer Claude no memory tool, and a runner without it counts as on.
 */
export type MemoryToolRunner = Pick<MemoryService, 'execute'> &
  Partial<Pick<MemoryService, 'enabled' | 'undone'>>
