import { randomUUID } from 'node:crypto'
import type { AssistantBlock, AssistantMessage, NoticeKind, NoticeMessage } from '@shared/chat/chat'
import { withoutThinkingAfter } from '../frame/next-request'
import type { Outcome, TurnScope } from './scope'

/** Saves a reply as it stands: whole when complete, only its finished parts otherwise. */
export async function recordReply(
  turn: TurnScope,
  messageId: string,
  outcome: Outcome
): Promise<AssistantMessage> {
  const { conversation } = turn.deps
  const { snapshot } = outcome
  // A reply cut short never ran its tool calls; they are dropped rather than left unanswered.
  const content: AssistantBlock[] =
    outcome.kind === 'complete'
      ? snapshot.content
      : snapshot.content.filter((b) => b.type !== 'tool_use')
  const hidden = await turn.deps.tools.conceal(content)
  for (const [id, input] of hidden) turn.asWritten.set(id, input)
  const message: AssistantMessage = {
    id: messageId,
    role: 'assistant',
    createdAt: turn.now(),
    model: conversation.model,
    // A call changed (its secret hidden): thinking after it was bound to it as it was.
    content: withoutThinkingAfter(content, new Set(hidden.keys())),
    status:
      outcome.kind === 'complete'
        ? 'complete'
        : outcome.kind === 'aborted'
          ? 'interrupted'
          : 'failed',
    stopReason: snapshot.stopReason,
    usage: snapshot.usage,
    error: outcome.kind === 'fault' ? outcome.fault : null
  }
  conversation.messages.push(message)
  for (const edit of snapshot.appliedEdits) {
    if (edit.type === 'clear_tool_uses_20250919' && edit.clearedToolUses > 0)
      conversation.messages.push(
        noticeOf(
          'context-cleared',
          `To keep the conversation within limits, Anthropic cleared ${edit.clearedToolUses} older tool result${edit.clearedToolUses === 1 ? '' : 's'} (about ${edit.clearedInputTokens.toLocaleString('en-US')} tokens) from what Claude sees. Memory operations were kept.`,
          turn.now()
        )
      )
  }
  if (content.some((b) => b.type === 'compaction'))
    conversation.messages.push(
      noticeOf(
        'context-compacted',
        'The earlier part of this conversation was summarised to stay within the context window. Claude keeps what must last in memory.',
        turn.now()
      )
    )
  await turn.persist()
  const added = conversation.messages.slice(conversation.messages.indexOf(message))
  for (const item of added)
    turn.deps.emit('chat:message', {
      conversationId: conversation.id,
      turnId: turn.id,
      message: item
    })
  return message
}

/** A line in the conversation for the user, never sent to Claude. */
export function noticeOf(kind: NoticeKind, text: string, now: string): NoticeMessage {
  return { id: randomUUID(), role: 'notice', createdAt: now, kind, text }
}
