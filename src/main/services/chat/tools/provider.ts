import type { BetaToolUnion } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ToolResultBlock, ToolUseBlock } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'

/*
 * The one way the chat engine knows a tool (design: "Tools are providers"). A provider says what
 * it offers a conversation's requests, how a call shows while it runs, what of a call's input may
 * be kept, and runs a call; planning it for approval and asking the user is the provider's part
 * of running (memory plans with the engine's dry run, under its precondition). The turn loop, the
 * request and the chips know providers only through this interface.
 */

/** What a provider lists in a request. */
export interface ToolOffer {
  /** Tool definitions (client or server tools), in the order they are listed. */
  definitions: BetaToolUnion[]
  /** Names of tools whose results the API's context editing must never clear. */
  keepResults?: string[]
  /**
   * These tools may wait behind tool search when a chat has many (MCP servers' tools); absent:
   * always loaded (memory, web). See shared/chat/tool-search.ts.
   */
  deferrable?: boolean
}

/** How a call shows on its chip: what it does, and on what (null: nothing named). */
export interface ToolLabel {
  action: string
  target: string | null
}

/** The call being run, and the turn it belongs to. */
export interface ToolCallContext {
  conversationId: string
  turnId: string
  /** The turn's stop: a call still waiting (for approval, for a server) ends with it. */
  signal: AbortSignal
  /** The saved call lost something to `conceal`; `run` is given the input as Claude wrote it. */
  concealed: boolean
  /** Tells the page how a long call is going ("Step 3 of 10"), on its running chip. */
  progress?: (words: string) => void
}

/** A call's answer: what Claude gets, and Cairn's own notes kept beside it (never sent). */
export type ToolRun = Pick<
  ToolResultBlock,
  'content' | 'is_error' | 'memory' | 'cap' | 'shown' | 'images'
> & {
  /**
   * The call's input as it must be kept from now on, with its thinking after it dropped (the
   * call held something that must not be saved or sent again, seen only once it ran).
   */
  keepInputAs?: Record<string, unknown>
}

export interface ToolProvider {
  /** Names the provider on chips, approvals and logs: `memory`, `web`, an MCP server's id. */
  readonly id: string
  /** What this provider lists for the model (its catalog entry; null: nothing is known of it). */
  offer(model: ModelOption | null): ToolOffer
  /** Whether Cairn runs calls of this name here (server tools run at Anthropic: never). */
  runs(name: string): boolean
  describe(call: Pick<ToolUseBlock, 'name' | 'input'>): ToolLabel
  /**
   * The input as it may be saved and shown, before the reply is saved (null: as it is). What
   * is taken out stays in memory only, and `run` is given the input as Claude wrote it.
   */
  conceal?(call: Pick<ToolUseBlock, 'name' | 'input'>): Promise<Record<string, unknown> | null>
  /** Runs one call (after the user's approval where they asked for it); never throws. */
  run(call: Pick<ToolUseBlock, 'id' | 'name' | 'input'>, context: ToolCallContext): Promise<ToolRun>
}
