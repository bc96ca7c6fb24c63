import type {
  BetaRawContentBlockDelta,
  BetaRawContentBlockStartEvent,
  BetaRawMessageStreamEvent,
  BetaMessageDeltaUsage,
  BetaTextCitation,
  BetaUsage
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type {
  AssistantBlock,
  Citation,
  CompactionBlock,
  ToolSearchResultBlock,
  Usage,
  WebFetchResultBlock,
  WebSearchResultBlock
} from '@shared/chat/chat'
import { readToolInput } from './tool-input'

/*
 * Builds the assistant message from raw stream events. Only what is complete is kept when the
 * stream stops early: text as far as it came, tool calls only once their input is whole (a
 * half-received call never ran and never will), thinking only once signed and closed (the API
 * refuses a thinking block whose signature does not match).
 */

/** What a server tool found (a search's results, a fetched page, tools found): kept as given. */
type ServerResultBlock = WebSearchResultBlock | WebFetchResultBlock | ToolSearchResultBlock

type Slot =
  | { kind: 'text'; text: string; citations: Citation[] }
  /** A web search or fetch (or tool search) Anthropic runs: input streams like a tool call's. */
  | { kind: 'server_tool_use'; id: string; name: string; json: string; done: boolean }
  /** What a server tool found: arrives whole, kept as given (and sent back so). */
  | { kind: 'server_result'; block: ServerResultBlock; done: boolean }
  | { kind: 'tool_use'; id: string; name: string; json: string; done: boolean }
  | { kind: 'compaction'; block: CompactionBlock; done: boolean }
  | {
      kind: 'thinking'
      thinking: string
      signature: string
      startedAt: number
      durationMs: number | null
    }
  | { kind: 'redacted_thinking'; data: string; done: boolean }
  | { kind: 'other' }

export interface AppliedEdit {
  type: string
  clearedToolUses: number
  clearedInputTokens: number
}

export interface ReplySnapshot {
  content: AssistantBlock[]
  /** Tool calls not to run (input not a JSON object, or nested too deep): id → the error for Claude. */
  badToolInput: Map<string, string>
  stopReason: string | null
  usage: Usage
  appliedEdits: AppliedEdit[]
  /** `message_stop` arrived. */
  complete: boolean
}

const count = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0

export class ReplyAccumulator {
  private readonly slots: Slot[] = []
  private stopReason: string | null = null
  private usage: Usage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheCreationTokens: 0
  }
  private edits: AppliedEdit[] = []
  private complete = false

  /** `now` times thinking blocks for "Thought for N s" (milliseconds, any monotonic origin). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Applies one event; returns the text it added, if any (for the live stream). */
  apply(event: BetaRawMessageStreamEvent): string | null {
    switch (event.type) {
      case 'message_start':
        this.takeUsage(event.message.usage)
        this.takeEdits(event.message.context_management?.applied_edits)
        return null
      case 'content_block_start':
        this.slots[event.index] = this.openSlot(event.content_block)
        return event.content_block.type === 'text' ? event.content_block.text || null : null
      case 'content_block_delta':
        return this.takeDelta(this.slots[event.index], event.delta)
      case 'content_block_stop':
        this.closeSlot(this.slots[event.index])
        return null
      case 'message_delta':
        this.stopReason = event.delta.stop_reason ?? this.stopReason
        this.takeUsage(event.usage)
        this.takeEdits(event.context_management?.applied_edits)
        return null
      case 'message_stop':
        this.complete = true
        return null
      default:
        return null
    }
  }

  /** The slot a block fills as it streams (what Cairn does not keep is `other`). */
  private openSlot(block: BetaRawContentBlockStartEvent['content_block']): Slot {
    switch (block.type) {
      case 'text':
        return { kind: 'text', text: block.text, citations: (block.citations ?? []).map(citation) }
      case 'server_tool_use':
        return { kind: 'server_tool_use', id: block.id, name: block.name, json: '', done: false }
      case 'web_search_tool_result':
      case 'web_fetch_tool_result':
      case 'tool_search_tool_result':
        return { kind: 'server_result', block: { ...block }, done: false }
      case 'tool_use':
        return { kind: 'tool_use', id: block.id, name: block.name, json: '', done: false }
      case 'compaction':
        return { kind: 'compaction', block: { ...block }, done: false }
      case 'thinking':
        return {
          kind: 'thinking',
          thinking: block.thinking,
          signature: block.signature,
          startedAt: this.now(),
          durationMs: null
        }
      case 'redacted_thinking':
        return { kind: 'redacted_thinking', data: block.data, done: false }
      default:
        return { kind: 'other' }
    }
  }

  /** Adds a delta to its block; returns the text it added, if any. */
  private takeDelta(slot: Slot | undefined, delta: BetaRawContentBlockDelta): string | null {
    if (delta.type === 'text_delta' && slot?.kind === 'text') {
      slot.text += delta.text
      return delta.text
    }
    if (
      delta.type === 'input_json_delta' &&
      (slot?.kind === 'tool_use' || slot?.kind === 'server_tool_use')
    )
      slot.json += delta.partial_json
    else if (delta.type === 'citations_delta' && slot?.kind === 'text')
      slot.citations.push(citation(delta.citation))
    else if (delta.type === 'compaction_delta' && slot?.kind === 'compaction') {
      // One delta carries the whole summary today; joining keeps a split one whole too.
      if (delta.content !== null) slot.block.content = (slot.block.content ?? '') + delta.content
      if (delta.encrypted_content !== null) slot.block.encrypted_content = delta.encrypted_content
    } else if (delta.type === 'thinking_delta' && slot?.kind === 'thinking')
      slot.thinking += delta.thinking
    // The signature arrives whole, in one delta just before the block stops.
    else if (delta.type === 'signature_delta' && slot?.kind === 'thinking')
      slot.signature = delta.signature
    return null
  }

  /** A block stopped: what streamed whole is kept; a thinking block learns how long it took. */
  private closeSlot(slot: Slot | undefined): void {
    if (slot?.kind === 'thinking')
      slot.durationMs = Math.max(0, Math.round(this.now() - slot.startedAt))
    else if (slot && slot.kind !== 'text' && slot.kind !== 'other') slot.done = true
  }

  /** A tool call has started streaming (its input is on the way). */
  hasPendingToolUse(): boolean {
    return this.slots.some((slot) => slot?.kind === 'tool_use' && !slot.done)
  }

  snapshot(): ReplySnapshot {
    const content: AssistantBlock[] = []
    const badToolInput = new Map<string, string>()
    for (const slot of this.slots) {
      if (!slot) continue
      if (slot.kind === 'text') {
        if (slot.text.length > 0)
          content.push({
            type: 'text',
            text: slot.text,
            ...(slot.citations.length > 0 ? { citations: slot.citations } : {})
          })
      } else if (slot.kind === 'server_tool_use') {
        // Anthropic ran it already; a half-streamed one is dropped with what it found.
        const input = slot.done ? readToolInput(slot.json || '{}') : null
        if (input?.ok)
          content.push({
            type: 'server_tool_use',
            id: slot.id,
            name: slot.name,
            input: input.value
          })
      } else if (slot.kind === 'server_result') {
        const use = String(slot.block.tool_use_id)
        if (slot.done && content.some((b) => b.type === 'server_tool_use' && b.id === use))
          content.push(slot.block)
      } else if (slot.kind === 'tool_use') {
        if (!slot.done) continue
        const input = readToolInput(slot.json)
        if (input.ok)
          content.push({ type: 'tool_use', id: slot.id, name: slot.name, input: input.value })
        else {
          badToolInput.set(slot.id, input.error)
          content.push({ type: 'tool_use', id: slot.id, name: slot.name, input: {} })
        }
      } else if (slot.kind === 'thinking') {
        if (slot.durationMs !== null && slot.signature.length > 0)
          content.push({
            type: 'thinking',
            thinking: slot.thinking,
            signature: slot.signature,
            durationMs: slot.durationMs
          })
      } else if (slot.kind === 'redacted_thinking') {
        if (slot.done && slot.data.length > 0)
          content.push({ type: 'redacted_thinking', data: slot.data })
      } else if (slot.kind === 'compaction' && slot.done) {
        content.push({
          ...slot.block,
          type: 'compaction',
          content: stringOrNull(slot.block.content)
        })
      }
    }
    return {
      content,
      badToolInput,
      stopReason: this.stopReason,
      usage: { ...this.usage },
      appliedEdits: [...this.edits],
      complete: this.complete
    }
  }

  private takeUsage(usage: BetaUsage | BetaMessageDeltaUsage | null | undefined): void {
    if (!usage) return
    // message_delta counts are cumulative; a null means "unchanged".
    if (usage.input_tokens != null) this.usage.inputTokens = count(usage.input_tokens)
    if (usage.output_tokens != null) this.usage.outputTokens = count(usage.output_tokens)
    if (usage.cache_read_input_tokens != null)
      this.usage.cacheReadTokens = count(usage.cache_read_input_tokens)
    if (usage.cache_creation_input_tokens != null)
      this.usage.cacheCreationTokens = count(usage.cache_creation_input_tokens)
    const server = usage.server_tool_use
    if (server) {
      if (server.web_search_requests)
        this.usage.webSearchRequests = count(server.web_search_requests)
      if (server.web_fetch_requests) this.usage.webFetchRequests = count(server.web_fetch_requests)
    }
  }

  private takeEdits(edits: ReadonlyArray<object> | null | undefined): void {
    if (!edits || edits.length === 0) return
    this.edits = edits.map((edit) => {
      const e = edit as Record<string, unknown>
      return {
        type: typeof e.type === 'string' ? e.type : 'unknown',
        clearedToolUses: count(e.cleared_tool_uses as number),
        clearedInputTokens: count(e.cleared_input_tokens as number)
      }
    })
  }
}

/** A citation as the API gave it (sent back so), as a plain object Cairn stores. */
function citation(given: BetaTextCitation): Citation {
  return { ...given }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens
  }
  const searches = (a.webSearchRequests ?? 0) + (b.webSearchRequests ?? 0)
  const fetches = (a.webFetchRequests ?? 0) + (b.webFetchRequests ?? 0)
  if (searches > 0) sum.webSearchRequests = searches
  if (fetches > 0) sum.webFetchRequests = fetches
  return sum
}

export const ZERO_USAGE: Usage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheCreationTokens: 0
}
