import type { EventName, EventPayload } from '@shared/contract'
import type { MemoryActor, ToolResult } from '@shared/memory'
import type { ExecuteOptions } from '../memory'

export type ChatEventName = Extract<EventName, `chat:${string}`>
export type ChatEmit = <E extends ChatEventName>(event: E, payload: EventPayload<E>) => void

/** The memory engine as the chat loop uses it (`MemoryStore.execute`: never throws). */
export interface MemoryToolRunner {
  execute(input: unknown, actor: MemoryActor, options?: ExecuteOptions): Promise<ToolResult>
  /** False when memory is off for this session: requests then offer Claude no memory tool. */
  readonly enabled?: boolean
}
