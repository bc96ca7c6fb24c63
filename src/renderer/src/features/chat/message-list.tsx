import { useMemo } from 'react'
import { Virtuoso } from 'react-virtuoso'
import type { ChatMessage, ToolResultBlock } from '@shared/chat'
import { StreamingMarkdown } from './markdown'
import { MemoryChip } from './memory-chip'
import { MessageItem } from './message-item'
import type { Draft } from './use-conversation'

type Row = { kind: 'message'; message: ChatMessage } | { kind: 'draft'; draft: Draft }

function isShown(message: ChatMessage): boolean {
  return (
    message.role !== 'user' ||
    message.content.some((b) => b.type === 'text' || b.type === 'attachment')
  )
}

interface Props {
  messages: ChatMessage[]
  drafts: Draft[]
  onOpen(path: string): void
  onRetry(): void
}

/** The conversation, virtualized (thousands of messages stay smooth), pinned to the newest. */
export function MessageList({ messages, drafts, onOpen, onRetry }: Props) {
  const results = useMemo(() => {
    const map = new Map<string, ToolResultBlock>()
    for (const m of messages)
      if (m.role === 'user')
        for (const b of m.content) if (b.type === 'tool_result') map.set(b.tool_use_id, b)
    return map
  }, [messages])
  // Saved rows keep their identity while a reply streams, so their (memoized) items are skipped.
  const savedRows = useMemo<Row[]>(
    () => messages.filter(isShown).map((message) => ({ kind: 'message' as const, message })),
    [messages]
  )
  const rows = useMemo<Row[]>(
    () => [...savedRows, ...drafts.map((draft) => ({ kind: 'draft' as const, draft }))],
    [savedRows, drafts]
  )
  const lastId = messages.at(-1)?.id
  return (
    <Virtuoso
      className="min-h-0 flex-1"
      data={rows}
      role="log"
      aria-label="Messages"
      followOutput="auto"
      initialTopMostItemIndex={Math.max(0, rows.length - 1)}
      computeItemKey={(_, row) =>
        row.kind === 'draft' ? `draft-${row.draft.messageId}` : row.message.id
      }
      itemContent={(_, row) => (
        <div className="mx-auto flex max-w-3xl flex-col px-6 py-2">
          {row.kind === 'message' ? (
            <MessageItem
              message={row.message}
              results={results}
              onOpen={onOpen}
              onRetry={row.message.id === lastId ? onRetry : undefined}
            />
          ) : (
            <div aria-busy="true">
              {row.draft.tools.map((tool) => (
                <MemoryChip
                  key={tool.toolUseId}
                  chip={{ ...tool, result: tool.summary }}
                  onOpen={onOpen}
                />
              ))}
              <StreamingMarkdown text={row.draft.text} />
            </div>
          )}
        </div>
      )}
    />
  )
}
