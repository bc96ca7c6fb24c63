import type Anthropic from '@anthropic-ai/sdk'
import type {
  ContentBlock,
  MessageCreateParamsNonStreaming
} from '@anthropic-ai/sdk/resources/messages/messages'
import type { ModelOption } from '@shared/chat/models'
import { MEMORY_TOOL } from '../../chat/tools/memory/memory-provider'
import type { Overlay } from '../overlay'
import { folderText, reasonFrom, tidyRequest } from '../prompt'
import type { ReasonedStep } from '../session'

// A tidy as a Message Batch: one request that carries the folder's files, and Claude's one
// answer. Its memory commands are planned through the same overlay as a live session's (each
// later command sees what the earlier ones left), so the review and apply are the same; a
// command that no longer fits the folder (it changed while the batch waited) is left out and
// named in the summary.

/** The one request's custom_id (a batch holds one request). */
export const TIDY_CUSTOM_ID = 'tidy'

export const TIDY_BATCH_SYSTEM = [
  'You are tidying the user’s memory folder (/memories) with the memory tool.',
  'Keep it up to date, coherent and organised: merge facts repeated across files into one place,',
  'resolve contradictions in favour of the newest dated fact, remove notes that are clearly stale,',
  'split or trim files that grew too large, and give files and folders names that fit what they hold.',
  'Never invent a fact, and never drop one the user may still need: move it instead.',
  'This is one request and one answer: every file of the folder is in the user’s message, each in',
  'a <file path="..."> tag, and you will not see the results of your commands. Make every change in',
  'this one answer, as memory tool calls in the order they should apply (a later command sees what',
  'the earlier ones left: after a rename, edit the file at its new path). Nothing is applied until',
  'the user has reviewed each change. Just before each command, write one short line saying why',
  '(it is shown to the user beside that change). End with a summary of two or three sentences.'
].join(' ')

/** The batch's one request. */
export function batchParams(input: {
  model: string
  maxTokens: number
  focus: string
  files: ReadonlyMap<string, Buffer>
}): MessageCreateParamsNonStreaming {
  return {
    model: input.model,
    max_tokens: input.maxTokens,
    system: TIDY_BATCH_SYSTEM,
    tools: [MEMORY_TOOL],
    messages: [
      {
        role: 'user',
        content: `${tidyRequest(input.focus)}\n\nThe folder's files:\n\n${folderText(input.files)}`
      }
    ]
  }
}

/** The request's input tokens, as `messages.count_tokens` counts them. */
export async function countBatch(
  client: Anthropic,
  params: MessageCreateParamsNonStreaming
): Promise<number> {
  const { model, system, tools, messages } = params
  return (await client.messages.countTokens({ model, system, tools, messages })).input_tokens
}

/** Why the request does not fit the model's context window (null: it fits, or no window is known). */
export function fitProblem(option: ModelOption, inputTokens: number): string | null {
  const window = option.maxInputTokens
  if (!window || inputTokens < window) return null
  return `This memory is too large for one request to ${option.displayName}: about ${count(inputTokens)} input tokens, and it takes at most ${count(window)}. Choose Now to run a live tidy, which reads the files one at a time.`
}

/** How much Claude may write in its one answer: every change, with its reason. */
export function batchMaxTokens(option: ModelOption): number {
  return Math.min(option.maxTokens ?? 8192, 32_000)
}

/**
 * Claude's answer, planned: each memory command through the overlay in the order it came, with
 * the last line of text before it as its reason. Nothing reaches the memory folder.
 */
export async function planAnswer(
  content: readonly ContentBlock[],
  stopReason: string | null,
  overlay: Overlay
): Promise<{ steps: ReasonedStep[]; summary: string }> {
  const steps: ReasonedStep[] = []
  const left: string[] = []
  let before = ''
  let after: string[] = []
  for (const block of content) {
    if (block.type === 'text') {
      before += block.text
      after.push(block.text)
    } else if (block.type === 'tool_use' && block.name === MEMORY_TOOL.name) {
      const { result, step } = await overlay.run(block.input)
      if (step) steps.push({ ...step, reason: reasonFrom(before) })
      else if (result.isError) left.push(`${describe(block.input)}: ${result.content}`)
      before = ''
      after = []
    }
  }
  const parts = [
    after.join('\n').trim() || `Claude proposed ${steps.length} changes in one answer.`
  ]
  if (stopReason === 'max_tokens')
    parts.push(
      'Claude’s answer was cut off at its length limit; the changes before the cut are here.'
    )
  if (left.length)
    parts.push(
      `Left out, as they no longer fit the folder: ${left.map((line) => line.slice(0, 300)).join('; ')}`
    )
  return { steps, summary: parts.join('\n\n') }
}

const count = (n: number) => n.toLocaleString('en-US')

function describe(input: unknown): string {
  const { command, path, old_path: oldPath } = (input ?? {}) as Record<string, unknown>
  return `${String(command)} ${String(path ?? oldPath ?? '')}`.trim()
}
