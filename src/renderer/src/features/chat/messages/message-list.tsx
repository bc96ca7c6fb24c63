import { continuable } from '@shared/chat/stop-reasons'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import type { ChatMessage, ToolResultBlock } from '@shared/chat/chat'
import { answerEnds, answerUsage } from '../turn-status/answer-usage'
import { StreamingMarkdown } from '../markdown/markdown'
import { MemoryChip } from '../memory-chips/memory-chip'
import { ToolCallChip } from '../tools/tool-call-chip'
import { turnWrites } from '../memory-chips/turn-writes'
import { MessageItem } from './message-item'
import { MessageRow } from './message-row'
import { LatestButton } from './latest-button'
import { useFollowOutput } from './use-follow-output'
import { LiveThinking } from '../thinking/thinking-block'
import { TurnStatusLine, type TurnWait } from '../turn-status/turn-status'
import type { MessageActions } from './use-message-actions'
import type { Draft } from '../use-conversation'
import type { JumpRequest } from './jump-request'

type Row =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'draft'; draft: Draft }
  | { kind: 'wait'; wait: TurnWait }

function isShown(message: ChatMessage): boolean {
  return (
    message.role !== 'user' ||
    message.content.some((b) => b.type === 'text' || b.type === 'attachment')
  )
}

interface Props {
  messages: ChatMessage[]
  drafts: Draft[]
  /** A reply is being written: the last answer's usage line waits until it is whole. */
  running?: boolean
  /** Before the answer shows: "Claude is thinking…" or the retry countdown, where it will appear. */
  wait?: TurnWait | null
  onOpen(path: string): void
  onRetry(): void
  /** Goes on with the last answer when it stopped part-way (stop-reasons.ts). */
  onContinue?: () => void
  /** A key Anthropic refused (401): to the key field in Settings. Keep it stable (rows are memoized). */
  onOpenKey?: () => void
  /** Scroll to this message and mark it for a moment (a search hit). */
  jumpTo?: JumpRequest | null
  /** Copy, edit, regenerate, versions (message-row.tsx). */
  actions?: MessageActions
}

/** How long a found message stays outlined. */
const FOUND_MS = 2500

/**
 * The conversation, virtualized (thousands of messages stay smooth). It follows the newest words
 * until the reader scrolls up (use-follow-output.ts); then "Latest" brings it back.
 */
export function MessageList({
  messages,
  drafts,
  running = false,
  wait = null,
  onOpen,
  onRetry,
  onContinue,
  onOpenKey,
  jumpTo = null,
  actions
}: Props) {
  const virtuoso = useRef<VirtuosoHandle>(null)
  const [found, setFound] = useState<string | null>(null)
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
  const lastId = messages.at(-1)?.id
  const continueId = running ? null : (continuable(messages)?.id ?? null)
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
  const follow = useFollowOutput({ ids: shownIds, lastUserId, content: rows })
  const { leave } = follow
  // The hit may be a tool-result message (not shown): its nearest shown message before it.
  const jumpIndex = useMemo(() => {
    if (!jumpTo) return -1
    const at = messages.findIndex((m) => m.id === jumpTo.messageId)
    if (at === -1) return -1
    const shown = messages.slice(0, at + 1).findLast(isShown)
    return shown ? savedRows.findIndex((r) => r.kind === 'message' && r.message === shown) : -1
  }, [jumpTo, messages, savedRows])
  // Each jump runs once, as soon as its message is loaded (not again as new messages arrive).
  const jumped = useRef<JumpRequest | null>(null)
  useEffect(() => {
    if (jumpIndex === -1 || jumped.current === jumpTo) return
    jumped.current = jumpTo
    leave()
    virtuoso.current?.scrollToIndex({ index: jumpIndex, align: 'center' })
    const row = savedRows[jumpIndex]
    setFound(row?.kind === 'message' ? row.message.id : null)
  }, [jumpIndex, jumpTo, savedRows, leave])
  useEffect(() => {
    if (!found) return
    const timer = setTimeout(() => setFound(null), FOUND_MS)
    return () => clearTimeout(timer)
  }, [found])
  const editingId = actions?.editingId
  // The message to edit may be scrolled out (and not rendered): bring it into view.
  useEffect(() => {
    const index = editingId
      ? rows.findIndex((r) => r.kind === 'message' && r.message.id === editingId)
      : -1
    if (index === -1) return
    leave()
    virtuoso.current?.scrollToIndex({ index, align: 'center' })
  }, [editingId, rows, leave])
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <Virtuoso
        ref={virtuoso}
        scrollerRef={follow.scrollerRef}
        className="min-h-0 flex-1"
        data={rows}
        role="log"
        aria-label="Messages"
        followOutput={follow.followOutput}
        totalListHeightChanged={follow.onHeightChange}
        initialTopMostItemIndex={{ index: Math.max(0, rows.length - 1), align: 'end' }}
        computeItemKey={(_, row) =>
          row.kind === 'draft'
            ? `draft-${row.draft.messageId}`
            : row.kind === 'wait'
              ? 'wait'
              : row.message.id
        }
        itemContent={(_, row) => (
          <div
            className="mx-auto flex max-w-3xl flex-col px-6 py-2"
            data-found={row.kind === 'message' && row.message.id === found ? true : undefined}
          >
            {row.kind === 'message' ? (
              <MessageRow message={row.message} actions={actions}>
                <MessageItem
                  message={row.message}
                  results={results}
                  usage={usage.get(row.message.id)?.usage}
                  cost={usage.get(row.message.id)?.cost}
                  onOpen={onOpen}
                  onRetry={row.message.id === lastId ? onRetry : undefined}
                  onOpenKey={row.message.id === lastId ? onOpenKey : undefined}
                  onContinue={row.message.id === continueId ? onContinue : undefined}
                  showModel={ends.has(row.message.id)}
                  writesFolded={writes.folded.has(row.message.id)}
                  writes={writes.groups.get(row.message.id)}
                />
              </MessageRow>
            ) : row.kind === 'wait' ? (
              <TurnStatusLine wait={row.wait} />
            ) : (
              <div aria-busy="true">
                <LiveThinking draft={row.draft} />
                {row.draft.tools.map((tool) =>
                  tool.provider === 'memory' ? (
                    <MemoryChip
                      key={tool.toolUseId}
                      chip={{ ...tool, result: tool.summary }}
                      onOpen={onOpen}
                    />
                  ) : (
                    <ToolCallChip
                      key={tool.toolUseId}
                      call={{
                        name: tool.command,
                        shown: { action: tool.command, target: tool.path },
                        input: {},
                        status: tool.status,
                        result: tool.summary
                      }}
                    />
                  )
                )}
                <StreamingMarkdown text={row.draft.text} />
              </div>
            )}
          </div>
        )}
      />
      {follow.away ? <LatestButton newCount={follow.newCount} onClick={follow.toLatest} /> : null}
    </div>
  )
}
