import type { FakeModel } from './models'

// What the real API refuses because of the model a request names: a thinking type or an effort
// level it lacks, more `max_tokens` than it writes, context editing or server tools it does not
// take, a prefill it refuses. Worded as the API words them. A model the fake lists without
// capabilities is taken at its word on nothing: only its `max_tokens` and prefill are checked.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const on = (value: unknown): boolean => isObject(value) && value.supported === true

const DOCS = 'https://platform.claude.com/docs/en/build-with-claude'

export function checkModelRequest(body: Json, model: FakeModel): string | null {
  if (model.lifecycle === 'retired') return null // answered as a 404 by the server
  const limit = model.max_tokens
  if (typeof limit === 'number' && typeof body.max_tokens === 'number' && body.max_tokens > limit)
    return `max_tokens: ${body.max_tokens} > ${limit}, which is the maximum allowed number of output tokens for ${model.id}`
  const messages = Array.isArray(body.messages) ? body.messages : []
  const last = messages[messages.length - 1]
  if (model.refusesPrefill && isObject(last) && last.role === 'assistant' && !isPausedTurn(last))
    return 'Prefilling assistant messages is not supported for this model. The conversation must end with a user message.'
  const caps = model.capabilities
  if (!caps) return null
  return (
    checkThinkingType(body, caps) ??
    checkEffort(body, caps) ??
    checkEdits(body, caps) ??
    checkTools(body, caps)
  )
}

function checkThinkingType(
  body: Json,
  caps: NonNullable<FakeModel['capabilities']>
): string | null {
  const config = body.thinking
  if (!isObject(config)) return null
  const type = String(config.type)
  const types = caps.thinking.types as unknown as Json
  if (on(types[type])) return null
  if (type === 'enabled')
    return '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
  if (type === 'disabled' && on(types.between_tools))
    return '"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" to turn thinking off.'
  if (type === 'disabled' || type === 'between_tools')
    return `"thinking.type.${type}" is not supported for this model: it always thinks. Leave \`thinking\` out, or use "thinking.type.adaptive".`
  return `"thinking.type.${type}" is not supported for this model. See ${DOCS}/extended-thinking`
}

function checkEffort(body: Json, caps: NonNullable<FakeModel['capabilities']>): string | null {
  const output = body.output_config
  if (output === undefined || output === null) return null
  if (!isObject(output)) return 'output_config: Input should be a valid dictionary'
  const effort = output.effort
  if (effort === undefined || effort === null) return null
  const levels = ['low', 'medium', 'high', 'xhigh', 'max']
  if (!levels.includes(String(effort)))
    return `output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'`
  if (!caps.effort.supported) return 'output_config.effort: This model does not support effort.'
  if (!on((caps.effort as unknown as Json)[String(effort)]))
    return `output_config.effort: "${String(effort)}" is not supported for this model. Supported levels: ${levels
      .filter((level) => on((caps.effort as unknown as Json)[level]))
      .join(', ')}.`
  return null
}

function checkEdits(body: Json, caps: NonNullable<FakeModel['capabilities']>): string | null {
  const management = body.context_management
  if (!isObject(management) || !Array.isArray(management.edits)) return null
  for (const [i, edit] of management.edits.entries()) {
    if (!isObject(edit)) continue
    const type = String(edit.type)
    const support = (caps.context_management as unknown as Json)[type]
    if (!caps.context_management.supported || !on(support))
      return `context_management.edits.${i}.type: "${type}" is not supported for this model.`
  }
  return null
}

function checkTools(body: Json, caps: NonNullable<FakeModel['capabilities']>): string | null {
  const tools = Array.isArray(body.tools) ? body.tools : []
  for (const [i, tool] of tools.entries()) {
    if (!isObject(tool) || typeof tool.type !== 'string') continue
    const search = tool.type.startsWith('web_search_')
    const fetch = tool.type.startsWith('web_fetch_')
    if ((search || fetch) && !on(caps.server_tools.web_search))
      return `tools.${i}: The ${search ? 'web search' : 'web fetch'} tool is not supported for this model.`
  }
  return null
}

/** A turn the API paused (`pause_turn`) mid server tool, sent back as it is to go on: no prefill. */
function isPausedTurn(message: Json): boolean {
  const content = Array.isArray(message.content) ? message.content : []
  return content.some((b) => isObject(b) && b.type === 'server_tool_use')
}
