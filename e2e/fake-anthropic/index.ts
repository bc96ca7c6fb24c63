// The fake Anthropic API: used by the Vitest integration tests, the Playwright specs and the
// chat benchmark. See server.ts for what it speaks and script.ts for what tests can ask of it.
export {
  DEFAULT_MODELS,
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicOptions,
  type FakeModel
} from './server'
export {
  createMemoryStoresFake,
  sha256Hex,
  type MemoryStoresFake,
  type StoredMemory,
  type StoredVersion
} from './memory-stores'
export {
  apiError,
  cited,
  gate,
  webFetch,
  webSearch,
  memory,
  redactedThinking,
  reply,
  text,
  thinking,
  toolSearch,
  type ErrorReply,
  type Gate,
  type MessageReply,
  type RecordedRequest,
  type Reply,
  type ScriptBlock,
  type StreamFault
} from './script'
export { checkToolPairing, validateMessagesRequest } from './validate'
export { checkToolSearch, playToolSearches, searchTools } from './tool-search'
export { echoTitle, isTitleRequest, TITLE_SYSTEM_MARK } from './titles'
export { capabilities, NEWEST_MODELS, modelInfo } from './models'
export { canonicalBlock, requestPrefixes } from './binding'
export { signThinking } from './thinking'
export { checkMedia, imageSize } from './validate-media'
export {
  checkCacheControl,
  createPromptCache,
  minimumCacheableTokens,
  type CacheUsage,
  type PromptCache
} from './cache'
export { createFakeFiles, FILES_BETA, type FakeFiles, type StoredFile } from './files'
export { heldTidyReplies, MESSY_MEMORY, tidyBatchReply, tidyReplies } from './tidy'
export { createFakeBatches, type BatchOutcome, type FakeBatches } from './batches'
