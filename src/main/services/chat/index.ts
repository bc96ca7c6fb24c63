// The chat engine. chat-service.ts composes it; calls/ holds the calls the page makes, in groups
// (conversations, a chat's options, send and retry, message actions), over core.ts (find, save,
// summarise) and conversations/save-or-roll-back.ts (a failed save leaves the conversation as on
// disk: every change to a conversation, the calls' and the titles', goes through it); api.ts
// is the service's type, taken from the contract. turn/ is the loop (turn.ts: stream → run
// tool calls in order, each through its provider (tools/) → send results → repeat) with its
// parts (stream-reply, tool-calls, record-reply) and turn-runner.ts (the replies running now).
// Around them: frame/request.ts builds each request (the providers' tools, guidance, context
// management + betas), stream/reply-accumulator.ts
// rebuilds replies from raw stream events, stream/coalescer.ts joins text deltas, api/faults.ts
// and api/retry.ts turn API failures into messages, retries and countdowns,
// conversations/repair.ts keeps every tool_use answered, conversations/conversation-store.ts
// saves one file per conversation, models/ holds the model catalog. approvals/ (approvals.ts, with
// the policy in @shared/chat/approval-policy.ts, which sync also follows) holds Claude's memory
// writes that wait for the user's answer (write approval); the card shows the plan the memory
// engine made with a dry run.
// Turn events: chat:delta/tool/message/retrying, ending with exactly one chat:done or chat:error.

export {
  createChatService,
  type ChatService,
  type ChatServiceOptions,
  type ChooseSavePath
} from './chat-service'
export {
  createAnthropicClient,
  createAnthropicClients,
  DEFAULT_BASE_URL,
  type AnthropicOptions
} from './api/anthropic'
export type { PickFiles } from './attachments'
export { CONVERSATIONS_FOLDER } from './conversations/conversation-store'
export { MODELS_CACHE_FILE } from './models/models'
export { COMPACTION_BETA, CONTEXT_MANAGEMENT_BETA } from './frame/request'
export { MEMORY_TOOL } from './tools/memory/memory-provider'
export { DEFAULT_RETRY, waitOn, type RetryPolicy, type Wait } from './api/retry'
export type { ChatEmit, ChatEventName, MemoryToolRunner } from './types'
