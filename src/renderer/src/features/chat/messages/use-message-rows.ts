import { useMemo } from 'react'
import type { ChatMessage, ToolResultBlock } from '@shared/chat/chat'
import { answerEnds, answerUsage } from '../turn-status/answer-usage'
import { turnWrites } from '../memory-chips/turn-writes'
import type { TurnWait } from '../turn-status/turn-status'
import type { Draft } from '../use-conversation'

export type Row =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'draft'; draft: Draft }
  | { kind: 'wait'; wait: TurnWait }

export function isShown(message: ChatMessage): boolean {
  return (
    message.role !== 'user' ||
    message.content.some((b) => b.type === 'text' || b.type === 'attachment')
  )
}

/**
 * The list's rows (saved messages shown, drafts, the wait line) and what each message row reads
 * from the whole conversation: tool results by id, usage, where answers end, memory writes.
 */
export function useMessageRows(
  messages: ChatMessage[],
  drafts: Draft[],
  wait: TurnWait | null,
  running: boolean
) {
  const results = useMemo(() => {
    const map = new Map<string, ToolResultBlock>()
    for (const m of messages)
      if (m.role === 'user')
        for (const b of m.content) if (b.type === 'tool_result') map.set(b.tool_use_id, b)
    return map
  }, [messages])
  const usage = useMemo(() => answerUsage(messages, running), [messages, running])
  const ends = useMemo(() => answerEnds(messages), [messages])
  const writes = useMemo(() => turnWrites(messages, results, running), [messages, results, running])
  // Saved rows keep their identity while a reply streams, so their (memoized) items are skipped.
  const savedRows = useMemo<Row[]>(
    () => messages.filter(isShown).map((message) => ({ kind: 'message' as const, message })),
    [messages]
  )
  const rows = useMemo<Row[]>(
    () => [
      ...savedRows,
      ...drafts.map((draft) => ({ kind: 'draft' as const, draft })),
      ...(wait ? [{ kind: 'wait' as const, wait }] : [])
    ],
    [savedRows, drafts, wait]
  )
  const shownIds = useMemo(
    () => [
      ...savedRows.flatMap((r) => (r.kind === 'message' ? [r.message.id] : [])),
      ...drafts.map((d) => d.messageId)
    ],
    [savedRows, drafts]
  )
  const lastUserId = useMemo(
    () => messages.findLast((m) => m.role === 'user' && isShown(m))?.id,
    [messages]
  )
  return { results, usage, ends, writes, savedRows, rows, shownIds, lastUserId }
}
