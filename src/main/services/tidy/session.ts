import type Anthropic from '@anthropic-ai/sdk'
import type {
  BetaContentBlockParam,
  BetaMessageParam,
  BetaToolResultBlockParam
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { CONTEXT_MANAGEMENT_BETA } from '../chat/frame/request'
import { MEMORY_TOOL } from '../chat/tools/memory/memory-provider'
import type { Overlay, PlannedStep } from './overlay'
import { reasonFrom, TIDY_SYSTEM, tidyRequest } from './prompt'

// The tidy's tool loop: Messages requests through the real SDK, each memory-tool call run
// against the overlay (planned, never executed on the folder), until Claude ends its turn.

/** Enough for a careful tidy of a large folder; a session that reaches it stops with a note. */
export const MAX_TURNS = 60

export interface ReasonedStep extends PlannedStep {
  reason: string
}

export interface SessionOptions {
  client: Anthropic
  model: string
  maxTokens: number
  /** Old tool results may be cleared (the model takes `clear_tool_uses`, see model-pick.ts). */
  clearToolUses: boolean
  focus: string
  overlay: Overlay
  signal: AbortSignal
  onTurn(turns: number, changes: number): void
  maxTurns?: number
}

export async function runTidySession(
  options: SessionOptions
): Promise<{ steps: ReasonedStep[]; summary: string }> {
  const { client, overlay, signal } = options
  const steps: ReasonedStep[] = []
  const messages: BetaMessageParam[] = [{ role: 'user', content: tidyRequest(options.focus) }]
  const maxTurns = options.maxTurns ?? MAX_TURNS
  for (let turn = 1; turn <= maxTurns; turn++) {
    const response = await client.beta.messages.create(
      {
        model: options.model,
        max_tokens: options.maxTokens,
        system: TIDY_SYSTEM,
        tools: [MEMORY_TOOL],
        messages,
        ...(options.clearToolUses
          ? {
              betas: [CONTEXT_MANAGEMENT_BETA],
              context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] }
            }
          : {})
      },
      { signal }
    )
    const sent: BetaContentBlockParam[] = []
    const results: BetaToolResultBlockParam[] = []
    const texts: string[] = []
    let before = ''
    for (const block of response.content) {
      if (block.type === 'text') {
        sent.push({ type: 'text', text: block.text })
        texts.push(block.text)
        before += block.text
      } else if (block.type === 'tool_use') {
        sent.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input })
        if (block.name !== MEMORY_TOOL.name) {
          results.push(toolResult(block.id, 'Only the memory tool is available here.', true))
          continue
        }
        signal.throwIfAborted()
        const { result, step } = await overlay.run(block.input)
        if (step) steps.push({ ...step, reason: reasonFrom(before) })
        before = ''
        results.push(toolResult(block.id, result.content, result.isError))
      }
    }
    options.onTurn(turn, steps.length)
    messages.push({ role: 'assistant', content: sent })
    if (response.stop_reason !== 'tool_use' || results.length === 0) {
      return { steps, summary: texts.join('\n').trim() }
    }
    messages.push({ role: 'user', content: results })
  }
  const summary = `The session stopped after ${maxTurns} requests; what Claude planned until then is here.`
  return { steps, summary }
}

function toolResult(id: string, content: string, isError: boolean): BetaToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: id, content, ...(isError ? { is_error: true } : {}) }
}
