import type { FakeModel } from './models'
import type { MessageReply, ScriptBlock } from './script'

// Anthropic's tool search, as the Messages API runs it (platform.claude.com, "Tool search tool"):
// tools with `defer_loading: true` stay out of the prompt until a search finds them; the API runs
// the search itself and answers in the reply with a `server_tool_use` and a
// `tool_search_tool_result` holding `tool_reference`s, which it expands into the tools' definitions
// inline, wherever they are in the history. The fake checks what the API refuses (400s worded as
// its docs word them; where the docs give no wording, the fake's own says so), plays scripted
// searches against the request's own deferred tools, and counts a found tool's definition where
// its reference is (cache.ts).

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const SEARCH_TYPES: Record<string, string> = {
  tool_search_tool_bm25_20251119: 'tool_search_tool_bm25',
  tool_search_tool_bm25: 'tool_search_tool_bm25',
  tool_search_tool_regex_20251119: 'tool_search_tool_regex',
  tool_search_tool_regex: 'tool_search_tool_regex'
}
/** Each search returns up to this many tools (the API's default). */
const MAX_FOUND = 5

const toolsOf = (body: Json): Json[] =>
  Array.isArray(body.tools) ? body.tools.filter(isObject) : []

export const isDeferred = (tool: Json): boolean => tool.defer_loading === true
const isSearchTool = (tool: Json): boolean =>
  typeof tool.type === 'string' && tool.type in SEARCH_TYPES

/** The request's deferred tools, by name. */
export function deferredTools(body: Json): Map<string, Json> {
  return new Map(
    toolsOf(body)
      .filter(isDeferred)
      .map((t) => [String(t.name), t])
  )
}

/** The tool names a block makes callable: a search's result, or a custom search's tool_result. */
export function referencesIn(block: Json): string[] {
  const content = block.content
  const refs =
    block.type === 'tool_search_tool_result' && isObject(content)
      ? content.tool_references
      : block.type === 'tool_result'
        ? content
        : null
  if (!Array.isArray(refs)) return []
  return refs
    .filter((r): r is Json => isObject(r) && r.type === 'tool_reference')
    .map((r) => String(r.tool_name))
}

function blocksOf(message: Json): Json[] {
  const content = message.content
  return Array.isArray(content) ? content.filter(isObject) : []
}

/** The API's refusal of a request that gets tool search wrong, or null. */
export function checkToolSearch(body: Json, model?: FakeModel | null): string | null {
  const tools = toolsOf(body)
  const deferred = tools.filter(isDeferred)
  const search = tools.findIndex(isSearchTool)
  if (search >= 0 && model?.toolSearch === false)
    return `tools.${search}: The tool search tool is not supported for this model.`
  if (tools.length > 0 && deferred.length === tools.length)
    return 'At least one tool must have defer_loading=false. All tools cannot be deferred.'
  for (const [i, tool] of tools.entries())
    if (isDeferred(tool) && isObject(tool.cache_control))
      return `tools.${i}: cannot have both defer_loading=true and cache_control set`
  // The fake's wording: deferred tools nothing can ever load.
  if (deferred.length > 0 && search < 0)
    return 'tools: tools with defer_loading=true need a tool search tool in tools to be loaded'
  const listed = new Set(tools.map((t) => String(t.name)))
  const loaded = new Set<string>()
  const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : []
  for (const [i, message] of messages.entries())
    for (const [j, block] of blocksOf(message).entries()) {
      for (const name of referencesIn(block)) {
        if (!listed.has(name)) return `Tool reference '${name}' not found in available tools`
        loaded.add(name)
      }
      const name = String(block.name)
      // The fake's wording: the model never saw this tool, so it cannot have called it.
      if (block.type === 'tool_use' && deferred.some((t) => t.name === name) && !loaded.has(name))
        return `messages.${i}.content.${j}: tool_use names '${name}', a tool with defer_loading=true that no tool_reference before it loaded`
    }
  return null
}

/** A tool's searchable words: its name, description, argument names and their descriptions. */
function wordsOf(tool: Json): string {
  const schema = isObject(tool.input_schema) ? tool.input_schema : {}
  const properties = isObject(schema.properties) ? schema.properties : {}
  const args = Object.entries(properties).map(
    ([name, p]) =>
      `${name} ${isObject(p) && typeof p.description === 'string' ? p.description : ''}`
  )
  return [String(tool.name), String(tool.description ?? ''), ...args].join(' ').toLowerCase()
}

function regexOf(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'i')
  } catch {
    return null
  }
}

/**
 * What a search finds among the request's deferred tools, best first (up to five); null: the
 * pattern is not a regular expression.
 */
export function searchTools(body: Json, query: string, variant: 'bm25' | 'regex'): string[] | null {
  const tools = [...deferredTools(body).values()]
  if (variant === 'regex') {
    const pattern = regexOf(query)
    if (!pattern) return null
    return tools
      .filter((t) => pattern.test(wordsOf(t)))
      .slice(0, MAX_FOUND)
      .map((t) => String(t.name))
  }
  // Not BM25: each word of the query the tool has counts once; ties keep the listing order.
  const split = (words: string) => words.split(/[^a-z0-9]+/).filter(Boolean)
  const terms = split(query.toLowerCase())
  return tools
    .map((tool, at) => {
      const words = new Set(split(wordsOf(tool)))
      return { tool, at, score: terms.filter((w) => words.has(w)).length }
    })
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, MAX_FOUND)
    .map((t) => String(t.tool.name))
}

let searchIds = 0

/**
 * The reply with each scripted search played against this request: a `server_tool_use` of the
 * listed search tool, then its `tool_search_tool_result` (what it found, or what the test says).
 */
export function playToolSearches(reply: MessageReply, body: Json): MessageReply {
  if (!reply.content.some((b) => b.type === 'tool_search')) return reply
  const tool = toolsOf(body).find(isSearchTool)
  const content = reply.content.flatMap((block): ScriptBlock[] => {
    if (block.type !== 'tool_search') return [block]
    const name =
      SEARCH_TYPES[String(tool?.type)] === 'tool_search_tool_regex'
        ? 'tool_search_tool_regex'
        : 'tool_search_tool_bm25'
    const variant = name === 'tool_search_tool_regex' ? 'regex' : 'bm25'
    const id = block.id ?? `srvtoolu_search${String((searchIds += 1)).padStart(6, '0')}`
    const found = block.found ?? searchTools(body, block.query, variant)
    // A search that cannot run is answered in the reply (200), not refused.
    const result = found
      ? {
          type: 'tool_search_tool_search_result',
          tool_references: found.map((tool_name) => ({ type: 'tool_reference', tool_name }))
        }
      : {
          type: 'tool_search_tool_result_error',
          error_code: 'invalid_tool_input',
          error_message: `Invalid regular expression pattern: ${block.query}`
        }
    return [
      {
        type: 'server_tool_use',
        id,
        name,
        input: variant === 'regex' ? { pattern: block.query } : { query: block.query }
      },
      {
        type: 'server_result',
        block: { type: 'tool_search_tool_result', tool_use_id: id, content: result }
      }
    ]
  })
  return { ...reply, content }
}
