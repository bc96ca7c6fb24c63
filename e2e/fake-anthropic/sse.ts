import { randomBytes } from 'node:crypto'
import type { MessageReply, ScriptBlock, ScriptCitation, StopReason, Usage } from './script'
import { redactedData, signThinking } from './thinking'

// Turns a scripted reply into the exact event sequence the Messages API streams, and into the
// non-streaming JSON body.

export interface SseEvent {
  event: string
  data: Record<string, unknown>
  /** A content_block_delta: counted for fault positions. */
  isDelta: boolean
}

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`

export function messageId(): string {
  return id('msg')
}

function usageOf(reply: MessageReply, outputTokens: number): Usage {
  return {
    input_tokens: reply.usage?.input_tokens ?? 25,
    output_tokens: reply.usage?.output_tokens ?? outputTokens,
    cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? 0
  }
}

function stopReasonOf(reply: MessageReply): StopReason {
  return (
    reply.stopReason ?? (reply.content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn')
  )
}

/** Tool-use ids are fixed per reply so the streamed and the final form agree. */
export function withIds(reply: MessageReply): MessageReply {
  return {
    ...reply,
    content: reply.content.map((block) =>
      block.type === 'tool_use'
        ? { ...block, id: block.id ?? id('toolu'), name: block.name ?? 'memory' }
        : block
    )
  }
}

function chunks(value: string, size: number): string[] {
  const out: string[] = []
  for (let i = 0; i < value.length; i += size) out.push(value.slice(i, i + size))
  return out.length > 0 ? out : ['']
}

function pieces(value: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(value.length / Math.max(1, count)))
  return chunks(value, size)
}

function finalBlock(block: ScriptBlock, model: string): Record<string, unknown> {
  switch (block.type) {
    case 'thinking':
      return {
        type: 'thinking',
        thinking: block.thinking,
        signature: block.signature ?? signThinking(model, block.thinking)
      }
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data ?? redactedData(model) }
    case 'text':
      return { type: 'text', text: block.text, citations: citationsOf(block) }
    case 'server_tool_use':
      return { type: 'server_tool_use', id: block.id, name: block.name, input: block.input }
    case 'server_result':
      return { ...block.block }
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name ?? 'memory', input: block.input }
    case 'compaction':
      return { type: 'compaction', content: block.content, encrypted_content: null }
    case 'tool_search':
      throw new Error(
        'fake-anthropic: a tool search is played (playToolSearches) before it is sent'
      )
  }
}

function citationsOf(block: { citations?: ScriptCitation[] }): Record<string, unknown>[] | null {
  if (!block.citations) return null
  return block.citations.map((c, i) => ({
    type: 'web_search_result_location',
    url: c.url,
    title: c.title,
    cited_text: c.cited_text,
    encrypted_index: `fake-idx-${i}`
  }))
}

/** The server tools a reply ran, as `usage.server_tool_use` counts them. */
function serverToolUse(reply: MessageReply): Record<string, number> | null {
  let search = 0
  let fetch = 0
  for (const block of reply.content)
    if (block.type === 'server_tool_use') {
      // Tool searches are not counted here (the API's usage has no field for them).
      if (block.name === 'web_search') search += 1
      else if (block.name === 'web_fetch') fetch += 1
    }
  return search + fetch > 0 ? { web_search_requests: search, web_fetch_requests: fetch } : null
}

function baseMessage(messageIdValue: string, reply: MessageReply, model: string) {
  return {
    id: messageIdValue,
    type: 'message',
    role: 'assistant',
    model: reply.model ?? model,
    container: null,
    context_management: null,
    stop_details: null,
    stop_sequence: null
  }
}

/** The whole event sequence of one streamed reply (ids already assigned, see `withIds`). */
export function streamEvents(reply: MessageReply, model: string, msgId: string): SseEvent[] {
  const events: SseEvent[] = []
  const push = (event: string, data: Record<string, unknown>, isDelta = false): void => {
    events.push({ event, data: { type: event, ...data }, isDelta })
  }
  let outputTokens = 0
  const startUsage = usageOf(reply, 1)
  push('message_start', {
    message: {
      ...baseMessage(msgId, reply, model),
      content: [],
      stop_reason: null,
      usage: { ...startUsage, output_tokens: 1 }
    }
  })
  push('ping', {})
  const answeringModel = reply.model ?? model
  reply.content.forEach((block, index) => {
    switch (block.type) {
      case 'thinking': {
        push('content_block_start', {
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' }
        })
        for (const piece of chunks(block.thinking, reply.textChunk ?? 4)) {
          outputTokens += 1
          push(
            'content_block_delta',
            { index, delta: { type: 'thinking_delta', thinking: piece, estimated_tokens: null } },
            true
          )
        }
        push(
          'content_block_delta',
          {
            index,
            delta: {
              type: 'signature_delta',
              signature: block.signature ?? signThinking(answeringModel, block.thinking)
            }
          },
          true
        )
        break
      }
      case 'redacted_thinking': {
        outputTokens += 1
        push('content_block_start', {
          index,
          content_block: {
            type: 'redacted_thinking',
            data: block.data ?? redactedData(answeringModel)
          }
        })
        break
      }
      case 'server_tool_use': {
        push('content_block_start', {
          index,
          content_block: { type: 'server_tool_use', id: block.id, name: block.name, input: {} }
        })
        push(
          'content_block_delta',
          { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } },
          true
        )
        break
      }
      case 'server_result': {
        push('content_block_start', { index, content_block: { ...block.block } })
        break
      }
      case 'text': {
        push('content_block_start', {
          index,
          content_block: { type: 'text', text: '', citations: block.citations ? [] : null }
        })
        for (const citation of citationsOf(block) ?? [])
          push('content_block_delta', { index, delta: { type: 'citations_delta', citation } }, true)
        for (const piece of chunks(block.text, reply.textChunk ?? 4)) {
          outputTokens += 1
          push('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }, true)
        }
        break
      }
      case 'tool_use': {
        push('content_block_start', {
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name ?? 'memory', input: {} }
        })
        // The API opens with an empty partial, then the JSON in several pieces.
        const json = block.json ?? JSON.stringify(block.input)
        for (const piece of ['', ...pieces(json, reply.jsonPieces ?? 3)]) {
          outputTokens += 1
          push(
            'content_block_delta',
            { index, delta: { type: 'input_json_delta', partial_json: piece } },
            true
          )
        }
        break
      }
      case 'compaction': {
        push('content_block_start', {
          index,
          content_block: { type: 'compaction', content: null, encrypted_content: null }
        })
        push(
          'content_block_delta',
          {
            index,
            delta: { type: 'compaction_delta', content: block.content, encrypted_content: null }
          },
          true
        )
        break
      }
    }
    push('content_block_stop', { index })
  })
  const finalUsage = usageOf(reply, outputTokens)
  push('message_delta', {
    delta: {
      stop_reason: stopReasonOf(reply),
      stop_sequence: null,
      stop_details: null,
      container: null
    },
    usage: {
      input_tokens: finalUsage.input_tokens,
      output_tokens: finalUsage.output_tokens,
      cache_read_input_tokens: finalUsage.cache_read_input_tokens,
      cache_creation_input_tokens: finalUsage.cache_creation_input_tokens,
      server_tool_use: serverToolUse(reply)
    },
    context_management: reply.contextManagement ?? null
  })
  push('message_stop', {})
  return events
}

/** The non-streaming body of the same reply. */
export function messageBody(reply: MessageReply, model: string, msgId: string) {
  const outputTokens = reply.content.reduce(
    (sum, block) =>
      sum +
      (block.type === 'text'
        ? Math.ceil(block.text.length / 4)
        : block.type === 'thinking'
          ? Math.ceil(block.thinking.length / 4)
          : 10),
    0
  )
  return {
    ...baseMessage(msgId, reply, model),
    context_management: reply.contextManagement ?? null,
    content: reply.content.map((block) => finalBlock(block, reply.model ?? model)),
    stop_reason: stopReasonOf(reply),
    usage: usageOf(reply, outputTokens)
  }
}

export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`
}
