import type { ToolResultBlock, ToolUseBlock } from '@shared/chat/chat'
import { summarize } from '@shared/chat/tool-summary'
import { dropThinkingAfter } from '../frame/next-request'
import type { ReplySnapshot } from '../stream/reply-accumulator'
import type { ToolRun } from '../tools/provider'
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
    const label = turn.deps.tools.describe(call)
    const event = (status: 'running' | 'done' | 'error' | 'cancelled', summary: string) =>
      turn.deps.emit('chat:tool', {
        conversationId,
        turnId: turn.id,
        messageId,
        toolUseId: call.id,
        provider: label.provider,
        command: label.action,
        path: label.target,
        status,
        summary
      })
    // After a stop, no tool runs.
    if (turn.signal.aborted) {
      results.push(notRunResult(call.id))
      event('cancelled', 'Not run: stopped.')
      continue
    }
    event('running', '')
    const bad = snapshot.badToolInput.get(call.id)
    const written = turn.asWritten.get(call.id)
    const run: ToolRun = bad
      ? { content: bad, is_error: true }
      : await turn.deps.tools.run(
          { id: call.id, name: call.name, input: written ?? call.input },
          {
            conversationId,
            turnId: turn.id,
            signal: turn.signal,
            concealed: written !== undefined,
            progress: (words) => event('running', summarize(words))
          }
        )
    const { keepInputAs, ...result } = run
    if (keepInputAs) {
      call.input = keepInputAs
      dropThinkingAfter(turn.deps.conversation, call)
    }
    results.push({ type: 'tool_result', tool_use_id: call.id, ...result })
    event(result.is_error ? 'error' : 'done', summarize(result.content))
  }
  return results
}
