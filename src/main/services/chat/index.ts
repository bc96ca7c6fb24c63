// The chat engine: chat-service.ts is the face (conversations, send/stop/retry, models, key test)
// and turn.ts the loop (stream → run memory commands in order → send results → repeat). Around
// them: request.ts builds each request (memory tool, guidance, context management + betas),
// reply-accumulator.ts rebuilds replies from raw stream events, coalescer.ts joins text deltas,
// faults.ts and retry.ts turn API failures into messages, retries and countdowns, repair.ts keeps
// every tool_use answered, conversation-store.ts saves one file per conversation.
// approvals.ts (with approval-policy.ts) holds Claude's memory writes that wait for the user's
// answer (write approval); the card shows the plan the memory engine made with a dry run.
// Turn events: chat:delta/tool/message/retrying, ending with exactly one chat:done or chat:error.

export { createChatService, type ChatService, type ChatServiceOptions } from './chat-service'
export { createAnthropicClient, DEFAULT_BASE_URL, type AnthropicOptions } from './anthropic'
export { CONVERSATIONS_FOLDER } from './conversation-store'
export { MODELS_CACHE_FILE } from './models'
export { COMPACTION_BETA, CONTEXT_MANAGEMENT_BETA, MEMORY_TOOL } from './request'
export { DEFAULT_RETRY, type RetryPolicy, type Wait } from './retry'
export type { ChatEmit, ChatEventName, MemoryToolRunner } from './types'
