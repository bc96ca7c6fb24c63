// The live turn's shapes, apart from the hook that fills them, so the views that draw them
// (thinking-block) need not import the hook.

export interface LiveTool {
  toolUseId: string
  /** Who runs it (`memory`, `mcp:<server>`); null: no tool of that name. */
  provider: string | null
  command: string
  path: string | null
  status: 'running' | 'done' | 'error' | 'cancelled'
  summary: string
}

/** The reply being written right now: streamed text and memory operations, per message. */
export interface Draft {
  messageId: string
  text: string
  tools: LiveTool[]
  /** Thinking streamed so far (set once a thinking block starts); `redacted`: a redacted block came. */
  thinking?: string
  redacted?: boolean
}
