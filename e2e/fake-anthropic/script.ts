// What a test scripts the fake Anthropic API to answer. Plain data, so specs and Vitest
// integration tests share it.

/** Where a sentence came from, as the API cites a web search result. */
export interface ScriptCitation {
  url: string
  title: string
  cited_text: string
}

export type ScriptBlock =
  | { type: 'text'; text: string; citations?: ScriptCitation[] }
  /** A web search or fetch (or tool search) Anthropic runs: its input streams like a tool call's. */
  | {
      type: 'server_tool_use'
      id: string
      name: 'web_search' | 'web_fetch' | 'tool_search_tool_bm25' | 'tool_search_tool_regex'
      input: Record<string, unknown>
    }
  /** What that tool found (`web_search_tool_result`, `tool_search_tool_result`...), whole in its start. */
  | { type: 'server_result'; block: Record<string, unknown> }
  /**
   * A tool search, played against the request's deferred tools (tool-search.ts): streamed as its
   * `server_tool_use` and `tool_search_tool_result`. `found`: these tools, whatever the search says.
   */
  | { type: 'tool_search'; query: string; found?: string[]; id?: string }
  | {
      type: 'tool_use'
      id?: string
      name?: string
      input: Record<string, unknown>
      /** Streamed as is instead of `input` as JSON: raw model output, e.g. too deep to stringify. */
      json?: string
    }
  | { type: 'compaction'; content: string }
  /**
   * Streamed as thinking_delta pieces, then a signature_delta the fake can verify later
   * (`signature`: set by the fake when it binds the block to its request, see binding.ts).
   */
  | { type: 'thinking'; thinking: string; signature?: string }
  /** Arrives whole in content_block_start, with opaque `data` the fake can verify later. */
  | { type: 'redacted_thinking'; data?: string }

export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded'

export interface Usage {
  input_tokens: number
  output_tokens: number
  cache_read_input_tokens: number
  cache_creation_input_tokens: number
}

/** A gate a held stream waits on; released by the test (or dropped when the client goes away). */
export interface Gate {
  readonly promise: Promise<void>
  release(): void
}

export function gate(): Gate {
  let release = (): void => undefined
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release }
}

/** Something that goes wrong in the middle of a streamed answer. */
export type StreamFault =
  /** The connection drops after this many content deltas. */
  (
    | { kind: 'cut' }
    /** The response ends cleanly, but without `message_delta`/`message_stop`. */
    | { kind: 'end' }
    /** A `data:` line that is not JSON. */
    | { kind: 'malformed' }
    /** An SSE `event: error` (what the API sends when it overloads mid-stream). */
    | { kind: 'error-event'; type?: string; message?: string }
    /** The stream pauses until the gate opens (then goes on) or the client disconnects. */
    | { kind: 'hold'; gate: Gate }
  ) & {
    afterDeltas: number
    /** Other kinds: wait for this gate before the fault strikes (e.g. until the text was shown). */
    gate?: Gate
  }

export interface MessageReply {
  kind?: 'message'
  content: ScriptBlock[]
  /** Default: `tool_use` when the content has a tool_use block, else `end_turn`. */
  stopReason?: StopReason
  usage?: Partial<Usage>
  /** Sent in `message_delta.context_management` (e.g. applied `clear_tool_uses` edits). */
  contextManagement?: { applied_edits: Array<Record<string, unknown>> }
  model?: string
  /** Characters per `text_delta` (default 4, about one token). */
  textChunk?: number
  /** Pieces each tool input's JSON is split into across `input_json_delta` events (default 3). */
  jsonPieces?: number
  /** Milliseconds between SSE events, on a fixed schedule (default 0: as fast as the socket takes them). */
  eventDelayMs?: number
  /** Milliseconds between the response headers and the first event (the model "thinking"). */
  firstEventDelayMs?: number
  fault?: StreamFault
}

export interface ErrorReply {
  kind: 'error'
  status: number
  /** The API's error type; by default the one the API uses for this status. */
  type?: string
  message?: string
  headers?: Record<string, string>
  /** Drop the connection instead of answering (no status at all). */
  dropConnection?: boolean
}

export type ReplySpec = MessageReply | ErrorReply
export type Reply = ReplySpec | ((request: RecordedRequest) => ReplySpec)

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  /** The `anthropic-beta` header, split. */
  betas: string[]
  body: unknown
  /** Set when the fake refused the request as the real API would (400), with its message. */
  rejected: string | null
}

export const text = (value: string): ScriptBlock => ({ type: 'text', text: value })

export const memory = (input: Record<string, unknown>, id?: string): ScriptBlock => ({
  type: 'tool_use',
  name: 'memory',
  input,
  ...(id ? { id } : {})
})

export const thinking = (value: string): ScriptBlock => ({ type: 'thinking', thinking: value })

/** Text citing where it came from. */
export const cited = (value: string, citations: ScriptCitation[]): ScriptBlock => ({
  type: 'text',
  text: value,
  citations
})

let serverToolIds = 0
const serverToolId = (): string => `srvtoolu_fake${String((serverToolIds += 1)).padStart(6, '0')}`

/** A web search Anthropic ran, and the pages it found. */
export function webSearch(
  query: string,
  results: Array<{ title: string; url: string }>
): ScriptBlock[] {
  const id = serverToolId()
  return [
    { type: 'server_tool_use', id, name: 'web_search', input: { query } },
    {
      type: 'server_result',
      block: {
        type: 'web_search_tool_result',
        tool_use_id: id,
        content: results.map((r, i) => ({
          type: 'web_search_result',
          title: r.title,
          url: r.url,
          encrypted_content: `fake-enc-${i}-${Buffer.from(r.url).toString('base64')}`,
          page_age: null
        }))
      }
    }
  ]
}

/** A page Anthropic fetched, and its text. */
export function webFetch(url: string, title: string, pageText: string): ScriptBlock[] {
  const id = serverToolId()
  return [
    { type: 'server_tool_use', id, name: 'web_fetch', input: { url } },
    {
      type: 'server_result',
      block: {
        type: 'web_fetch_tool_result',
        tool_use_id: id,
        content: {
          type: 'web_fetch_result',
          url,
          retrieved_at: '2026-11-20T10:00:00Z',
          content: {
            type: 'document',
            title,
            citations: { enabled: true },
            source: { type: 'text', media_type: 'text/plain', data: pageText }
          }
        }
      }
    }
  ]
}
/** Claude searching the request's deferred tools (tool search), as the API runs it. */
export const toolSearch = (query: string, found?: string[]): ScriptBlock => ({
  type: 'tool_search',
  query,
  ...(found ? { found } : {})
})

export const redactedThinking = (): ScriptBlock => ({ type: 'redacted_thinking' })

/** An answer with these blocks. */
export const reply = (
  content: ScriptBlock[] | string,
  extra: Omit<MessageReply, 'content'> = {}
): MessageReply => ({
  content: typeof content === 'string' ? [text(content)] : content,
  ...extra
})

export const apiError = (
  status: number,
  extra: Omit<ErrorReply, 'kind' | 'status'> = {}
): ErrorReply => ({ kind: 'error', status, ...extra })

/** The error `type` the API sends for each status. */
export function errorTypeFor(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error'
    case 401:
      return 'authentication_error'
    case 402:
      return 'billing_error'
    case 403:
      return 'permission_error'
    case 404:
      return 'not_found_error'
    case 413:
      return 'request_too_large'
    case 429:
      return 'rate_limit_error'
    case 504:
      return 'timeout_error'
    case 529:
      return 'overloaded_error'
    default:
      return 'api_error'
  }
}

export function defaultErrorMessage(status: number): string {
  switch (status) {
    case 401:
      return 'invalid x-api-key'
    case 403:
      return 'Your API key does not have permission to use the specified resource.'
    case 404:
      return 'model: not found'
    case 413:
      return 'Request exceeds the maximum allowed number of bytes.'
    case 429:
      return 'Number of request tokens has exceeded your per-minute rate limit.'
    case 529:
      return 'Overloaded'
    default:
      return status >= 500 ? 'Internal server error' : 'Invalid request'
  }
}
