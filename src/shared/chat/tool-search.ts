import type { ModelCaps } from '../models/model-caps'

/*
 * Many tools, one prompt cache (issue 37). A chat with more MCP tools than TOOL_SEARCH_AFTER lists
 * them with `defer_loading: true` beside Anthropic's tool search tool: they stay out of the prompt
 * until Claude searches for them (the API puts what it found inline, as `tool_reference`s), so a
 * catalogue of hundreds of tools neither floods the context nor changes the cached prefix when a
 * server joins. Memory and the web tools are always loaded. Once a chat's requests use tool
 * search they keep it (a chat's tools only change at the end, and its history holds searches).
 * Main builds requests with this; the chat header says with it what turning a server on costs.
 */

/**
 * More MCP tools than this in a chat are found by search. Anthropic's guidance: Claude picks the
 * right tool less well past 30–50 tools, and tool search pays from about ten.
 */
export const TOOL_SEARCH_AFTER = 30

/** The BM25 variant: Claude searches in plain words (the regex one wants Python patterns). */
export const TOOL_SEARCH_TOOL = {
  type: 'tool_search_tool_bm25_20251119',
  name: 'tool_search_tool_bm25'
} as const

/** The names a tool search call (`server_tool_use`) has, whichever variant ran it. */
export const TOOL_SEARCH_NAMES: readonly string[] = [
  'tool_search_tool_bm25',
  'tool_search_tool_regex'
]

/**
 * Whether the model takes tool search. `GET /v1/models` says nothing of it (SDK 1.12's
 * `ModelCapabilities` has no key; a `server_tools.tool_search` the API may add is read and wins).
 * Anthropic's docs list both variants on every model from Sonnet 4.5 / Haiku 4.5 / Opus 4.5 on,
 * and the only ones without it (Opus 4.1 and before) were retired by August 2026. So a model the
 * API describes (capabilities known) takes it; one it describes nothing of keeps every tool loaded.
 */
export function takesToolSearch(caps: ModelCaps | null | undefined): boolean {
  if (!caps) return false
  return caps.toolSearch ?? true
}

/**
 * Whether a chat's next request lists its MCP tools behind tool search: `deferrable` tools are
 * on for the chat; `already`: its requests used tool search before (kept, see above).
 */
export function usesToolSearch(
  deferrable: number,
  caps: ModelCaps | null | undefined,
  already: boolean
): boolean {
  if (!takesToolSearch(caps)) return false
  return already || deferrable > TOOL_SEARCH_AFTER
}

/** What turning one server on (or off) changes in the chat's next request. */
export type ServerSwitchCost =
  /** Its tools join (or leave) every request's prompt: the prompt cache is written anew once. */
  | 'rebuilds-cache'
  /** The chat moves to tool search with it: the cache is written anew once, then holds. */
  | 'starts-search'
  /** Its tools join (or leave) the catalogue Claude searches: nothing is added up front. */
  | 'searched'

/**
 * The cost of switching a server of `serverTools` tools, in a chat whose servers on now offer
 * `chatTools` tools (the switched one included when it is on).
 */
export function serverSwitchCost(input: {
  serverTools: number
  chatTools: number
  on: boolean
  caps: ModelCaps | null | undefined
  already: boolean
}): ServerSwitchCost {
  const { serverTools, chatTools, on, caps, already } = input
  const after = on ? chatTools - serverTools : chatTools + serverTools
  const before = usesToolSearch(chatTools, caps, already)
  const then = usesToolSearch(after, caps, already)
  if (before && then) return 'searched'
  if (!before && then) return 'starts-search'
  return 'rebuilds-cache'
}
