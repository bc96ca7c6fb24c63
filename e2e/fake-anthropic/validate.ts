// The checks the real Messages API makes that a client most easily gets wrong; the fake answers
// a 400 `invalid_request_error` with the API's wording, so tests catch what production would.

import {
  budgetThinking,
  checkClearThinking,
  checkThinkingBlock,
  checkThinkingConfig,
  checkThinkingTurn
} from './thinking'
import { requestPrefixes } from './binding'
import type { FakeModel } from './models'
import { checkModelRequest } from './validate-model'
import { checkMedia } from './validate-media'
import { checkCacheControl } from './cache'
import { checkToolSearch } from './tool-search'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function blocksOf(message: Json): Json[] {
  const content = message.content
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  return Array.isArray(content) ? content.filter(isObject) : []
}

/**
 * Returns the API's error message for an invalid request, or null when it is valid. `model`: the
 * listed model the request names, whose capabilities and habits are checked too.
 */
export function validateMessagesRequest(body: unknown, model?: FakeModel | null): string | null {
  if (!isObject(body)) return 'request body must be a JSON object'
  if (typeof body.model !== 'string' || body.model.length === 0) return 'model: Field required'
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens))
    return 'max_tokens: Field required'
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return 'messages: at least one message is required'
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return 'tools: Input should be a valid list'
    for (const [i, tool] of body.tools.entries()) {
      if (!isObject(tool) || typeof tool.name !== 'string') return `tools.${i}: invalid tool`
      if (tool.type === 'memory_20250818' && tool.name !== 'memory')
        return `tools.${i}.name: Input should be 'memory'`
    }
  }
  const search = checkToolSearch(body, model)
  if (search) return search
  const caching = checkCacheControl(body)
  if (caching) return caching
  const thinkingConfig = checkThinkingConfig(body)
  if (thinkingConfig) return thinkingConfig
  const modelRule = model ? checkModelRequest(body, model) : null
  if (modelRule) return modelRule
  const prefixes = model?.bindsThinking ? requestPrefixes(body) : null
  const messages = body.messages as unknown[]
  // Content before the last compaction block is dropped by the API; check what remains.
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i]
    if (!isObject(message)) return `messages.${i}: Input should be a valid dictionary`
    if (message.role !== 'user' && message.role !== 'assistant')
      return `messages.${i}.role: Input should be 'user' or 'assistant'`
    const content = message.content
    if (typeof content === 'string') {
      if (content.length === 0) return `messages.${i}: user messages must have non-empty content`
    } else if (!Array.isArray(content) || content.length === 0) {
      const last = i === messages.length - 1 && message.role === 'assistant'
      if (!last)
        return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`
    }
    for (const block of blocksOf(message)) {
      if (block.type === 'text' && (typeof block.text !== 'string' || block.text.length === 0))
        return `messages.${i}: text content blocks must be non-empty`
      if (block.type === 'tool_use' && message.role !== 'assistant')
        return `messages.${i}: tool_use blocks can only appear in assistant messages`
      if (block.type === 'tool_result' && message.role !== 'user')
        return `messages.${i}: tool_result blocks can only appear in user messages`
      if (block.type === 'tool_use' && !isObject(block.input))
        return `messages.${i}: tool_use.input: Input should be a valid dictionary`
    }
    if (message.role === 'assistant')
      for (const [j, block] of blocksOf(message).entries()) {
        const at = `messages.${i}.content.${j}`
        const refused = checkThinkingBlock(body.model, block, at, prefixes?.get(at) ?? null)
        if (refused) return refused
      }
  }
  if (!isObject(messages[0]) || messages[0].role !== 'user')
    return 'messages: first message must use the "user" role'
  const media = checkMedia(messages)
  if (media) return media
  const pairing = checkToolPairing(messages as Json[])
  if (pairing) return pairing
  // Manual (budget) thinking: a tool-use turn must open with its thinking. Adaptive thinking
  // decides per step whether to think, so a turn may start without it.
  if (budgetThinking(body)) {
    const turn = checkThinkingTurn(messages as Json[], blocksOf)
    if (turn) return turn
  }
  const clearThinking = checkClearThinking(body)
  if (clearThinking) return clearThinking
  const last = messages[messages.length - 1] as Json
  if (last.role === 'assistant') {
    const blocks = blocksOf(last)
    const final = blocks[blocks.length - 1]
    if (final?.type === 'text' && typeof final.text === 'string' && /\s$/.test(final.text))
      return 'messages: final assistant content cannot end with trailing whitespace'
  }
  return null
}

/** Every tool_use answered in the very next message, and no tool_result without its tool_use. */
export function checkToolPairing(messages: Json[]): string | null {
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i] as Json
    const blocks = blocksOf(message)
    if (message.role === 'user') {
      const previous = i > 0 ? (messages[i - 1] as Json) : null
      const asked = new Set(
        previous?.role === 'assistant'
          ? blocksOf(previous)
              .filter((b) => b.type === 'tool_use')
              .map((b) => String(b.id))
          : []
      )
      const unexpected = blocks
        .filter((b) => b.type === 'tool_result')
        .map((b) => String(b.tool_use_id))
        .filter((toolUseId) => !asked.has(toolUseId))
      if (unexpected.length > 0)
        return `messages.${i}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(', ')}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
      // Tool results must come before any other content in their message.
      const firstOther = blocks.findIndex((b) => b.type !== 'tool_result')
      const lastResult = blocks.map((b) => b.type).lastIndexOf('tool_result')
      if (firstOther !== -1 && lastResult > firstOther)
        return `messages.${i}: tool_result blocks must come first in the user message content`
      continue
    }
    const ids = blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id))
    if (ids.length === 0) continue
    const next = messages[i + 1]
    const answered = new Set(
      next && next.role === 'user'
        ? blocksOf(next)
            .filter((b) => b.type === 'tool_result')
            .map((b) => String(b.tool_use_id))
        : []
    )
    const missing = ids.filter((toolUseId) => !answered.has(toolUseId))
    // A trailing assistant message (prefill) may not hold tool_use blocks either.
    if (missing.length > 0)
      return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
  }
  return null
}
