import { createHash } from 'node:crypto'
import type { MessageReply, ScriptBlock } from './script'
import { redactedData, signThinking } from './thinking'

// Preserved thinking on the newest models: a thinking block is bound to everything before it —
// `system`, `tools`, every earlier message and the blocks before it in its own message. The fake
// signs that prefix into the block's signature when it streams the block, and checks it when the
// block comes back. What does not change the meaning is left out: `cache_control` markers, where
// messages of one role are split or merged, a string written as one text block, citations.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** JSON with sorted keys, so the same value always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (isObject(value))
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** A block as it counts toward a prefix; null for one that does not (whitespace-only text). */
export function canonicalBlock(block: Json): Json | null {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' && block.text.trim().length > 0
        ? { type: 'text', text: block.text }
        : null
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature }
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data }
    case 'tool_use':
    case 'server_tool_use':
      return { type: block.type, id: block.id, name: block.name, input: block.input }
    case 'tool_result': {
      const content =
        typeof block.content === 'string'
          ? [{ type: 'text', text: block.content }]
          : Array.isArray(block.content)
            ? block.content.filter(isObject).map(withoutMarkers)
            : []
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content,
        is_error: block.is_error === true
      }
    }
    default:
      return withoutMarkers(block)
  }
}

function withoutMarkers(block: Json): Json {
  const { cache_control: _cache, citations: _citations, ...rest } = block
  return rest
}

function blocksOf(message: Json): Json[] {
  const content = message.content
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  return Array.isArray(content) ? content.filter(isObject) : []
}

/** The start of a prefix: the request's system and tools. */
function head(body: Json): string {
  const system =
    typeof body.system === 'string'
      ? [body.system]
      : Array.isArray(body.system)
        ? body.system.filter(isObject).map((b) => b.text)
        : []
  const tools = Array.isArray(body.tools) ? body.tools.filter(isObject).map(withoutMarkers) : []
  return stable({ system: system.filter((s) => s !== ''), tools })
}

/**
 * A hasher fed block by block: each block is its role and its canonical form, so a conversation
 * split into messages differently still hashes the same.
 */
export class PrefixHasher {
  private readonly parts: string[]

  constructor(body: Json) {
    this.parts = [head(body)]
  }

  add(role: string, block: Json): void {
    const canonical = canonicalBlock(block)
    if (canonical) this.parts.push(`${role}:${stable(canonical)}`)
  }

  digest(): string {
    return createHash('sha256').update(this.parts.join('\n')).digest('base64url').slice(0, 22)
  }
}

/** The prefix digest of every thinking block in the request, keyed `messages.i.content.j`. */
export function requestPrefixes(body: Json): Map<string, string> {
  const hasher = new PrefixHasher(body)
  const out = new Map<string, string>()
  const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : []
  messages.forEach((message, i) => {
    blocksOf(message).forEach((block, j) => {
      if (block.type === 'thinking') out.set(`messages.${i}.content.${j}`, hasher.digest())
      hasher.add(String(message.role), block)
    })
  })
  return out
}

/** A hasher holding the whole request, for the blocks of the reply that follows it. */
export function replyHasher(body: Json): PrefixHasher {
  const hasher = new PrefixHasher(body)
  const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : []
  for (const message of messages)
    for (const block of blocksOf(message)) hasher.add(String(message.role), block)
  return hasher
}

/**
 * The reply with each thinking block signed as the model answering this request signs it: bound
 * to what came before it when the model binds thinking, and with its text left out when the
 * request's `thinking.display` (or the model's default) is `omitted`.
 */
export function signReply(
  reply: MessageReply,
  model: string,
  body: Json,
  options: { binds: boolean; display: 'summarized' | 'omitted' }
): MessageReply {
  const hasher = options.binds ? replyHasher(body) : null
  const content = reply.content.map((block): ScriptBlock => {
    let final: ScriptBlock = block
    if (block.type === 'thinking') {
      const text = options.display === 'omitted' ? '' : block.thinking
      final = {
        type: 'thinking',
        thinking: text,
        signature: signThinking(model, text, hasher?.digest())
      }
      hasher?.add('assistant', final)
    } else if (block.type === 'redacted_thinking') {
      final = { type: 'redacted_thinking', data: block.data ?? redactedData(model) }
      hasher?.add('assistant', final)
    } else if (block.type === 'tool_use')
      hasher?.add('assistant', {
        type: 'tool_use',
        id: block.id,
        name: block.name ?? 'memory',
        input: block.input
      })
    else if (block.type === 'text') hasher?.add('assistant', block)
    else if (block.type === 'server_tool_use') hasher?.add('assistant', block)
    else if (block.type === 'server_result') hasher?.add('assistant', block.block)
    return final
  })
  return { ...reply, content }
}
