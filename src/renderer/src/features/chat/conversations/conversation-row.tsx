import { FolderClosed, Pin, ShieldQuestionMark } from 'lucide-react'
import type { ConversationSummary } from '@shared/chat/chat'
import { RowActions } from './row-actions'

/** A conversation's name as the list says it. */
export const conversationName = (c: ConversationSummary): string => c.title || 'New chat'

interface RowProps {
  c: ConversationSummary
  selected: boolean
  /** The list's one tab stop (roving): its row button and its actions are in the Tab order. */
  tabStop: boolean
  searching: boolean
  waits: boolean
  onSelect(): void
  onFocus(): void
  onPin(): void
  onRename(): void
  onCopyLink(): void
  onExport(): void
  onDelete(): void
  /** "Move to project…" (offered once a project exists). */
  onMove?: (() => void) | undefined
  /** Its project's name, where the list does not group by project (search results). */
  project?: string | undefined
}

/** A search snippet with the matched words marked. */
function Snippet({ item }: { item: ConversationSummary }) {
  const text = item.snippet ?? ''
  const match = item.match
  if (!match || match.length === 0 || match.start + match.length > text.length) return <>{text}</>
  return (
    <>
      {text.slice(0, match.start)}
      <mark className="search-mark">{text.slice(match.start, match.start + match.length)}</mark>
      {text.slice(match.start + match.length)}
    </>
  )
}

/** The row's name says it after the title; the line below shows it (and is not read twice). */
function WaitingLine() {
  return (
    <span aria-hidden className="font-medium text-warning">
      Waiting for your approval
    </span>
  )
}

/** The row's second line: its size, and what sets it apart (answering now, no memory). */
function rowDetails(c: ConversationSummary): string {
  const parts = [`${c.messageCount} ${c.messageCount === 1 ? 'message' : 'messages'}`]
  if (c.running) parts.push('Answering…')
  if (c.memory === 'off') parts.push('No memory')
  return parts.join(' · ')
}

/**
 * One conversation: the row opens it; pin, rename, copy link, export and delete show on hover or
 * focus at the row's right end, where the title makes room for them (it ends in an ellipsis
 * there, and the row's tooltip gives it whole).
 */
export function ConversationRow(props: RowProps) {
  const { c, searching, waits } = props
  const name = conversationName(c)
  const tab = props.tabStop ? 0 : -1
  return (
    <li
      className={`group relative ${props.onMove ? 'conversation-row--six' : ''}`}
      data-conversation={c.id}
    >
      <button
        type="button"
        data-row
        tabIndex={tab}
        aria-current={props.selected || undefined}
        aria-keyshortcuts="Delete"
        title={name}
        onClick={props.onSelect}
        onFocus={props.onFocus}
        className={`flex w-full flex-col rounded-control px-2.5 py-2 pr-8 text-left hover:bg-fg/5 ${
          props.selected ? 'bg-accent-soft' : ''
        }`}
      >
        <span className="conversation-title flex w-full items-center gap-1 text-sm font-medium">
          {c.pinned ? <Pin size={12} aria-label="Pinned" className="shrink-0 text-muted" /> : null}
          {waits ? (
            <ShieldQuestionMark size={14} aria-hidden className="shrink-0 text-warning" />
          ) : null}
          <span className="truncate">{name}</span>
          {waits ? <span className="sr-only"> (waiting for your approval)</span> : null}
        </span>
        <span className={`text-xs text-muted ${searching ? 'line-clamp-2' : 'truncate'}`}>
          {searching ? <Snippet item={c} /> : waits ? <WaitingLine /> : rowDetails(c)}
        </span>
        {searching && props.project ? (
          <span className="flex items-center gap-1 text-xs text-muted">
            <FolderClosed size={11} aria-hidden className="shrink-0" />
            <span className="truncate">{props.project}</span>
          </span>
        ) : null}
      </button>
      <RowActions
        name={name}
        pinned={c.pinned}
        tabIndex={tab}
        onPin={props.onPin}
        onRename={props.onRename}
        onCopyLink={props.onCopyLink}
        onMove={props.onMove}
        onExport={props.onExport}
        onDelete={props.onDelete}
      />
    </li>
  )
}
