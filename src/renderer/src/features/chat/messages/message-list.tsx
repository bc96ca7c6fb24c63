import { continuable } from '@shared/chat/stop-reasons'
import { useRef } from 'react'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import type { ChatMessage } from '@shared/chat/chat'
import { MessageItem } from './message-item'
import { MessageRow } from './message-row'
import { LatestButton } from './latest-button'
import { DraftRow } from './draft-row'
import { useFollowOutput } from './use-follow-output'
import { useMessageRows } from './use-message-rows'
import { useJumpTo, useScrollToEditing } from './use-scroll-to'
import { TurnStatusLine, type TurnWait } from '../turn-status/turn-status'
import type { MessageActions } from './use-message-actions'
import type { Draft } from '../use-conversation'
import type { JumpRequest } from './jump-request'

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
  const { results, usage, ends, writes, savedRows, rows, shownIds, lastUserId } = useMessageRows(
    messages,
    drafts,
    wait,
    running
  )
  const lastId = messages.at(-1)?.id
  const continueId = running ? null : (continuable(messages)?.id ?? null)
  const follow = useFollowOutput({ ids: shownIds, lastUserId, content: rows })
  const { leave } = follow
  const found = useJumpTo(jumpTo, messages, savedRows, virtuoso, leave)
  useScrollToEditing(actions?.editingId, rows, virtuoso, leave)
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
              <DraftRow draft={row.draft} onOpen={onOpen} />
            )}
          </div>
        )}
      />
      {follow.away ? <LatestButton newCount={follow.newCount} onClick={follow.toLatest} /> : null}
    </div>
  )
}
