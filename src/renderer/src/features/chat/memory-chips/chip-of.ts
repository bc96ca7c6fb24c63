import type { AssistantMessage, ToolResultBlock, ToolUseBlock } from '@shared/chat/chat'
import type { ChipData } from './chip-data'

// A tool call of a saved answer as its chip shows it: the command, the path, how it went.

function toolPath(input: Record<string, unknown>): string | null {
  if (typeof input.old_path === 'string' && typeof input.new_path === 'string')
    return `${input.old_path} → ${input.new_path}`
  return typeof input.path === 'string' ? input.path : null
}

export function chipOf(
  block: ToolUseBlock,
  result: ToolResultBlock | undefined,
  message: AssistantMessage
): ChipData {
  const input = block.input
  return {
    command: typeof input.command === 'string' ? input.command : block.name,
    path: toolPath(input),
    // No answer yet after a tool_use stop: the command is running or waits for approval.
    status: result
      ? result.is_error
        ? 'error'
        : 'done'
      : message.stopReason === 'tool_use'
        ? 'running'
        : 'cancelled',
    result: result?.content ?? '',
    input,
    ...(result?.memory ? { memory: result.memory } : {}),
    ...(result?.cap ? { cap: result.cap } : {})
  }
}

const WRITES: ReadonlySet<string> = new Set(['create', 'str_replace', 'insert', 'delete', 'rename'])

/** A memory command that changes the folder (a view reads only). */
export function isWrite(block: ToolUseBlock): boolean {
  return block.name === 'memory' && WRITES.has(String(block.input.command))
}
