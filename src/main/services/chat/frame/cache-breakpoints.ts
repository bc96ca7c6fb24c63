import type {
  BetaCacheControlEphemeral,
  BetaContentBlockParam,
  BetaMessageParam,
  MessageCreateParamsStreaming
} from '@anthropic-ai/sdk/resources/beta/messages/messages'

/*
 * Prompt caching: where a request's cache breakpoints go. The API caches the prompt prefix
 * (tools → system → messages) up to each block marked with `cache_control`, reads the longest
 * cached prefix it finds up to 20 blocks back from each breakpoint, and refuses more than four
 * breakpoints. Each request of a turn (each round of the memory tool loop) gets, in order of
 * what pays most:
 *   1. the end of this request — writes the conversation so far for the next round or turn;
 *   2. the end of the previous request (the message before the latest reply) — exactly where
 *      that request wrote, so it reads back even when the reply held more than 20 blocks;
 *   3. the end of the previous turn — an edited or resent message still reads what came before;
 *   4. the stable prefix (tools and system) — only when it is long enough to be cached at all,
 *      so a short system prompt stays a plain string.
 * Thinking blocks cannot carry `cache_control`; the marker goes on the block before instead.
 */

export const MAX_CACHE_BREAKPOINTS = 4
/** The lowest minimum the API caches for any current model (Sonnet 4.x, Opus 4.1/4). */
export const LOWEST_CACHEABLE_TOKENS = 1024

const EPHEMERAL: BetaCacheControlEphemeral = { type: 'ephemeral' }
const UNMARKABLE = new Set(['thinking', 'redacted_thinking', 'compaction'])

type Blocks = BetaContentBlockParam[]

/** Marks the request's breakpoints in place (fresh message and block objects, never shared). */
export function withCacheBreakpoints(
  params: MessageCreateParamsStreaming
): MessageCreateParamsStreaming {
  let budget = MAX_CACHE_BREAKPOINTS - countMarked(params)
  const messages = params.messages.map((m) => ({ ...m, content: blocksOf(m) }))
  // Same roles and blocks as given, each only gaining a marker.
  params.messages = messages as BetaMessageParam[]
  for (const index of messageTargets(messages)) {
    if (budget <= 0) break
    if (mark(messages, index)) budget -= 1
  }
  if (budget > 0) markStablePrefix(params)
  return params
}

/** The message indexes worth a breakpoint, best first, without repeats. */
function messageTargets(messages: Array<{ role: string; content: Blocks }>): number[] {
  const last = messages.length - 1
  let lastReply = -1
  let turnStart = -1
  for (let i = last; i >= 0; i -= 1) {
    const message = messages[i]!
    if (lastReply < 0 && message.role === 'assistant') lastReply = i
    if (turnStart < 0 && message.role === 'user' && message.content.some(isUserInput)) turnStart = i
  }
  const targets = [last, lastReply - 1, turnStart - 1].filter((i) => i >= 0)
  return [...new Set(targets)]
}

/** What the user wrote or attached, as opposed to tool results sent back in the loop. */
function isUserInput(block: BetaContentBlockParam): boolean {
  return block.type !== 'tool_result'
}

/** Marks the last markable block at or before the end of message `index`; false if none. */
function mark(messages: Array<{ content: Blocks }>, index: number): boolean {
  for (let i = index; i >= 0; i -= 1) {
    const content = messages[i]!.content
    for (let j = content.length - 1; j >= 0; j -= 1) {
      const block = content[j]!
      if (UNMARKABLE.has(block.type) || isEmptyText(block)) continue
      if ('cache_control' in block && block.cache_control) return false
      content[j] = { ...block, cache_control: EPHEMERAL } as BetaContentBlockParam
      return true
    }
  }
  return false
}

function markStablePrefix(params: MessageCreateParamsStreaming): void {
  const tools = params.tools ?? []
  const system = params.system
  const loaded = tools.filter((t) => !isDeferred(t))
  if (!reachesTokens([...loaded, system ?? ''], LOWEST_CACHEABLE_TOKENS)) return
  if (typeof system === 'string' && system.length > 0) {
    params.system = [{ type: 'text', text: system, cache_control: EPHEMERAL }]
  } else if (Array.isArray(system) && system.length > 0) {
    params.system = system.map((b, i) =>
      i === system.length - 1 ? { ...b, cache_control: EPHEMERAL } : b
    )
  } else {
    // A deferred tool (tool search) is not in the prompt and cannot carry a marker: the last
    // loaded one does.
    const last = tools.findLastIndex((t) => !isDeferred(t))
    if (last >= 0)
      params.tools = tools.map((t, i) =>
        i === last ? ({ ...t, cache_control: EPHEMERAL } as typeof t) : t
      )
  }
}

/** A tool that waits behind tool search: not in the prompt until found. */
function isDeferred(tool: object): boolean {
  return 'defer_loading' in tool && tool.defer_loading === true
}

/**
 * Whether these parts come to at least `tokens`, by a rough count (about four characters a token)
 * that is enough to tell a short prefix from a long one. It stops reading once the count is
 * reached: with hundreds of MCP tools listed, the first few settle it (issue 37 §5, time to first
 * token), where serialising all of them every request cost more than building the request.
 */
export function reachesTokens(parts: readonly unknown[], tokens: number): boolean {
  let chars = 0
  for (const part of parts) {
    chars += JSON.stringify(part).length
    if (chars >= tokens * 4) return true
  }
  return false
}

function blocksOf(message: BetaMessageParam): Blocks {
  const content = message.content
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  return [...((content ?? []) as Blocks)]
}

function isEmptyText(block: BetaContentBlockParam): boolean {
  return block.type === 'text' && block.text.length === 0
}

/** Breakpoints already in the request (none today; counted so the total never passes four). */
export function countMarked(
  params: Pick<MessageCreateParamsStreaming, 'tools' | 'system' | 'messages'>
): number {
  const marked = (item: unknown): boolean =>
    typeof item === 'object' && item !== null && 'cache_control' in item && !!item.cache_control
  let count = (params.tools ?? []).filter(marked).length
  if (Array.isArray(params.system)) count += params.system.filter(marked).length
  for (const message of params.messages)
    if (Array.isArray(message.content)) count += message.content.filter(marked).length
  return count
}
