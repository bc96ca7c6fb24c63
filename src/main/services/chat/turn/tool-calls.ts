import type { ToolResultBlock, ToolUseBlock } from '@shared/chat/chat'
import type { ToolResult } from '@shared/memory/memory'
import { guardCaughtSecret } from '../../memory'
import { dropThinkingAfter } from '../frame/next-request'
import { describeTool, summarize } from './memory-ops'
import type { ReplySnapshot } from '../stream/reply-accumulator'
import { withoutTexts } from './refused-secrets'
import { notRunResult } from '../conversations/repair'
import type { TurnScope } from './scope'

/** Runs a reply's tool calls in order, telling the page of each; after a stop, none runs. */
export async function runToolCalls(
  turn: TurnScope,
  messageId: string,
  calls: ToolUseBlock[],
  snapshot: ReplySnapshot
): Promise<ToolResultBlock[]> {
  const conversationId = turn.deps.conversation.id
  const results: ToolResultBlock[] = []
  for (const call of calls) {
    const described = describeTool(call.input)
    const event = (status: 'running' | 'done' | 'error' | 'cancelled', summary: string) =>
      turn.deps.emit('chat:tool', {
        conversationId,
        turnId: turn.id,
        messageId,
        toolUseId: call.id,
        command: described.command,
        path: described.path,
        status,
        summary
      })
    // After a stop, nothing more touches the memory folder.
    if (turn.signal.aborted) {
      results.push(notRunResult(call.id))
      event('cancelled', 'Not run: stopped.')
      continue
    }
    event('running', '')
    const bad = snapshot.badToolInput.get(call.id)
    const result = bad
      ? { content: bad, isError: true }
      : call.name !== 'memory'
        ? {
            content: `Error: There is no tool called ${call.name}. Only the memory tool is available.`,
            isError: true
          }
        : await runMemory(turn, call)
    // The guard caught a secret hideSecrets could not see in the strings alone: the texts go,
    // and thinking later in this reply (bound to the call as it was) with them.
    if (
      !bad &&
      call.name === 'memory' &&
      guardCaughtSecret(result) &&
      !turn.asWritten.has(call.id)
    ) {
      call.input = withoutTexts(call.input)
      dropThinkingAfter(turn.deps.conversation, call)
    }
    results.push({
      type: 'tool_result',
      tool_use_id: call.id,
      content: result.content,
      is_error: result.isError,
      ...('activity' in result && result.activity ? { memory: result.activity } : {}),
      ...('cap' in result && result.cap ? { cap: result.cap } : {})
    })
    event(result.isError ? 'error' : 'done', summarize(result.content))
  }
  return results
}

/** One memory command, after the user's approval when the setting asks for it. */
function runMemory(turn: TurnScope, call: ToolUseBlock): Promise<ToolResult> {
  const conversationId = turn.deps.conversation.id
  const ask = turn.deps.approvals?.askerFor({
    conversationId,
    turnId: turn.id,
    toolUseId: call.id,
    input: call.input,
    signal: turn.signal
  })
  const actor = { kind: 'claude', conversationId } as const
  const input = turn.asWritten.get(call.id) ?? call.input
  return turn.deps.memory.execute(input, actor, ask ? { ask } : {})
}
