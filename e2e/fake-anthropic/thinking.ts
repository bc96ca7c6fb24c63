import { createHash, randomBytes } from 'node:crypto'

// The fake's side of extended thinking: signatures it can check later (bound to the model and the
// text, like the real ones, so an edited block or another model's block is refused), and the
// request checks the real API makes, with its error wording.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const digest = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64')

/**
 * A signature for this thinking text from this model, and (on models that bind thinking) the
 * digest of everything before it (binding.ts). Deterministic, so it survives restarts.
 */
export function signThinking(model: string, thinking: string, prefix?: string): string {
  const base = `fake-sig.${digest('thinking', model, thinking)}`
  return prefix ? `${base}.${prefix}` : base
}

/** The prefix digest a signature was bound to, or null for an unbound one. */
function boundPrefix(signature: string): string | null {
  return signature.split('.')[2] ?? null
}

/** Opaque data for a redacted block: a nonce and its seal. */
export function redactedData(model: string): string {
  const nonce = randomBytes(12).toString('base64')
  return `fake-redacted.${nonce}.${digest('redacted', model, nonce)}`
}

function redactedDataValid(model: string, data: unknown): boolean {
  if (typeof data !== 'string') return false
  const [tag, nonce, seal] = data.split('.')
  return tag === 'fake-redacted' && !!nonce && seal === digest('redacted', model, nonce)
}

const DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking'

/** The `thinking` parameter's shape and `budget_tokens` rules (what a model takes: validate-model.ts). */
export function checkThinkingConfig(body: Json): string | null {
  const config = body.thinking
  if (config === undefined || config === null) return null
  if (!isObject(config)) return 'thinking: Input should be a valid dictionary'
  const allowed: Record<string, string[]> = {
    enabled: ['type', 'budget_tokens', 'display', 'block_binding'],
    adaptive: ['type', 'display', 'block_binding'],
    disabled: ['type'],
    between_tools: ['type']
  }
  const fields = allowed[String(config.type)]
  if (!fields)
    return `thinking.type: Input should be 'enabled', 'adaptive', 'disabled' or 'between_tools'`
  const extra = Object.keys(config).find((key) => !fields.includes(key))
  if (extra) return `thinking.${String(config.type)}.${extra}: Extra inputs are not permitted`
  if (
    config.display !== undefined &&
    config.display !== null &&
    !['summarized', 'omitted', 'updates'].includes(String(config.display))
  )
    return `thinking.${String(config.type)}.display: Input should be 'summarized', 'omitted' or 'updates'`
  if (config.type !== 'enabled') return null
  const budget = config.budget_tokens
  if (typeof budget !== 'number' || !Number.isInteger(budget))
    return 'thinking.enabled.budget_tokens: Field required'
  if (budget < 1024)
    return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024'
  if (typeof body.max_tokens === 'number' && body.max_tokens <= budget)
    return `\`max_tokens\` must be greater than \`thinking.budget_tokens\`. Please consult our documentation at ${DOCS}#max-tokens-and-context-window-size`
  return null
}

/** Thinking of the kind that must open a tool-use turn (manual extended thinking). */
export function budgetThinking(body: Json): boolean {
  return isObject(body.thinking) && body.thinking.type === 'enabled'
}

export function thinkingOn(body: Json): boolean {
  const config = body.thinking
  return isObject(config) && (config.type === 'enabled' || config.type === 'adaptive')
}

/**
 * Every thinking block unchanged (signature and text as sent, no extra fields); on a model that
 * binds thinking (`prefix` given), sent after exactly what it was created after.
 */
export function checkThinkingBlock(
  model: string,
  block: Json,
  at: string,
  prefix: string | null = null
): string | null {
  if (block.type === 'thinking') {
    const extra = Object.keys(block).find(
      (key) => !['type', 'thinking', 'signature', 'cache_control'].includes(key)
    )
    if (extra) return `${at}.thinking.${extra}: Extra inputs are not permitted`
    const signature = typeof block.signature === 'string' ? block.signature : ''
    const bound = boundPrefix(signature)
    if (
      typeof block.thinking !== 'string' ||
      signature !== signThinking(model, block.thinking, bound ?? undefined)
    )
      return `${at}: Invalid \`signature\` in \`thinking\` block`
    if (prefix !== null && bound !== prefix)
      return `${at}: The block is bound to a different conversation: the system prompt, the tools or a message before it is not what it was when the block was created. Send every earlier turn back exactly as it was returned, or leave this block out along with the thinking after it.`
  }
  if (block.type === 'redacted_thinking' && !redactedDataValid(model, block.data))
    // Worded like the signature error; the data is checked the same way.
    return `${at}: Invalid \`data\` in \`redacted_thinking\` block`
  return null
}

/**
 * With thinking on, a request that continues a tool loop must send back the assistant message
 * that opened the loop starting with its thinking block(s).
 */
export function checkThinkingTurn(messages: Json[], blocksOf: (m: Json) => Json[]): string | null {
  const last = messages[messages.length - 1]
  if (!last || last.role !== 'user' || !blocksOf(last).some((b) => b.type === 'tool_result'))
    return null
  let start = -1
  for (let i = messages.length - 2; i >= 0; i -= 1) {
    const message = messages[i] as Json
    if (message.role === 'assistant') start = i
    else if (blocksOf(message).some((b) => b.type !== 'tool_result')) break
  }
  if (start < 0) return null
  const first = blocksOf(messages[start] as Json)[0]
  if (first?.type === 'thinking' || first?.type === 'redacted_thinking') return null
  return `messages.${start}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${DOCS}`
}

/** `clear_thinking_20251015` needs thinking on. */
export function checkClearThinking(body: Json): string | null {
  const management = body.context_management
  if (!isObject(management) || !Array.isArray(management.edits)) return null
  const clears = management.edits.some(
    (edit) => isObject(edit) && edit.type === 'clear_thinking_20251015'
  )
  if (clears && !thinkingOn(body))
    return '`clear_thinking_20251015` strategy requires `thinking` to be enabled'
  return null
}
