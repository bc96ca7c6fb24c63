import { useState, type ReactNode } from 'react'
import {
  BrainOff,
  Download,
  Link2,
  Pencil,
  Pin,
  PinOff,
  Plus,
  Search,
  ShieldQuestionMark,
  Trash2
} from 'lucide-react'
import { conversationLink } from '@shared/app/app-links'
import type { ConversationSummary } from '@shared/chat/chat'
import { Dialog } from '../../../components/dialog'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'
import { modifierLabel } from '../../../lib/platform'
import { useNow } from '../../../lib/hooks/use-now'
import { groupConversations } from './conversation-groups'

interface Props {
  conversations: ConversationSummary[] | null
  selected: string | null
  query: string
  onQuery(query: string): void
  /** `messageId`: a search hit's message, to scroll to. */
  onSelect(id: string, messageId?: string | null): void
  onNew(): void
  onNewWithoutMemory?(): void
  /** The welcome card is showing: its Save key is the one primary action, not New chat. */
  quietNew?: boolean
  onRename(id: string, title: string): void
  onDelete(id: string): void
  onPin(id: string, pinned: boolean): void
  onExport(id: string): void
  /** Conversations where Claude waits for the user's approval (how many changes each). */
  waiting?: ReadonlyMap<string, number>
  /** Chats whose files could not be read (DamagedNotice), shown above the list. */
  damagedNotice?: ReactNode
  /** A damaged chat is listed above: the empty list does not say there are none. */
  hasDamaged?: boolean
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

/** Claude's turn in this chat is blocked on a card: opening the chat focuses it. */
function WaitingBadge() {
  return <ShieldQuestionMark size={14} aria-hidden className="shrink-0 text-warning" />
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

/** Conversations: new, search, grouped by date (pinned first), per-item pin, rename, export, delete. */
export function ConversationList(props: Props) {
  const { conversations, selected, query } = props
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null)
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  const now = useNow(60_000)
  const searching = query.trim() !== ''
  const groups = searching ? [] : groupConversations(conversations ?? [], new Date(now))
  const name = (c: ConversationSummary) => c.title || 'New chat'
  /** What the last Copy link did, said once in the list's status line. */
  const [linkNote, setLinkNote] = useState('')
  const copyLink = (c: ConversationSummary) =>
    copyText(conversationLink(c.id)).then(
      () => setLinkNote(`Link to ${name(c)} copied: it opens this chat from a note or a browser.`),
      (failure: unknown) =>
        setLinkNote(`The link could not be copied (${toShownError(failure).message}).`)
    )
  const waits = (c: ConversationSummary) => (props.waiting?.get(c.id) ?? 0) > 0
  const item = (c: ConversationSummary) => (
    <li key={c.id} className="group relative">
      <button
        type="button"
        aria-current={c.id === selected || undefined}
        onClick={() => props.onSelect(c.id, searching ? c.match?.messageId : null)}
        className={`flex w-full flex-col rounded-control px-2.5 py-2 pr-8 text-left hover:bg-fg/5 ${
          c.id === selected ? 'bg-accent-soft' : ''
        }`}
      >
        <span className="flex items-center gap-1 truncate text-sm font-medium">
          {c.pinned ? <Pin size={12} aria-label="Pinned" className="shrink-0 text-muted" /> : null}
          {waits(c) ? <WaitingBadge /> : null}
          <span className="truncate">{name(c)}</span>
          {waits(c) ? <span className="sr-only"> (waiting for your approval)</span> : null}
        </span>
        <span className={`text-xs text-muted ${searching ? 'line-clamp-2' : 'truncate'}`}>
          {searching ? <Snippet item={c} /> : waits(c) ? <WaitingLine /> : rowDetails(c)}
        </span>
      </button>
      <span className="conversation-actions">
        <button
          type="button"
          className="rounded p-1 text-muted hover:bg-fg/10 hover:text-fg"
          aria-label={`${c.pinned ? 'Unpin' : 'Pin'} ${name(c)}`}
          title={c.pinned ? 'Unpin' : 'Pin to the top'}
          onClick={() => props.onPin(c.id, !c.pinned)}
        >
          {c.pinned ? <PinOff size={14} aria-hidden /> : <Pin size={14} aria-hidden />}
        </button>
        <button
          type="button"
          className="rounded p-1 text-muted hover:bg-fg/10 hover:text-fg"
          aria-label={`Rename ${name(c)}`}
          title="Rename"
          onClick={() => setRenaming(c)}
        >
          <Pencil size={14} aria-hidden />
        </button>
        <button
          type="button"
          className="rounded p-1 text-muted hover:bg-fg/10 hover:text-fg"
          aria-label={`Copy a link to ${name(c)}`}
          title="Copy link (cairn://)"
          onClick={() => void copyLink(c)}
        >
          <Link2 size={14} aria-hidden />
        </button>
        <button
          type="button"
          className="rounded p-1 text-muted hover:bg-fg/10 hover:text-fg"
          aria-label={`Export ${name(c)} as Markdown`}
          title="Export as Markdown"
          onClick={() => props.onExport(c.id)}
        >
          <Download size={14} aria-hidden />
        </button>
        <button
          type="button"
          className="rounded p-1 text-muted hover:bg-fg/10 hover:text-danger"
          aria-label={`Delete ${name(c)}`}
          title="Delete"
          onClick={() => setDeleting(c)}
        >
          <Trash2 size={14} aria-hidden />
        </button>
      </span>
    </li>
  )
  return (
    <aside
      aria-label="Conversations"
      className="flex w-64 shrink-0 flex-col border-r border-line bg-sunken"
    >
      <div className="flex flex-col gap-2 p-3">
        <button
          type="button"
          className={`button w-full ${props.quietNew ? '' : 'button--primary'}`}
          onClick={props.onNew}
          title={`${modifierLabel()}N`}
        >
          <Plus size={16} aria-hidden />
          New chat
        </button>
        {props.onNewWithoutMemory ? (
          <button
            type="button"
            className="button button--quiet w-full"
            onClick={props.onNewWithoutMemory}
            title={`${modifierLabel()}Shift+N`}
          >
            <BrainOff size={16} aria-hidden className="shrink-0" />
            New chat without memory
          </button>
        ) : null}
        <label className="relative">
          <span className="sr-only">Search conversations</span>
          <Search
            size={14}
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-muted"
          />
          <input
            type="search"
            className="input w-full pl-8"
            placeholder="Search"
            value={query}
            onChange={(event) => props.onQuery(event.target.value)}
          />
        </label>
      </div>
      {/* The notice scrolls with the list: a small window still reaches both. */}
      <div className="min-h-0 flex-1 overflow-auto">
        {props.damagedNotice}
        <ul aria-label="Conversation list" className="px-1.5 pb-2">
          {conversations?.length === 0 ? (
            <li className="px-3 py-4 text-center text-sm text-muted">
              {query.trim()
                ? 'No conversation matches.'
                : props.hasDamaged
                  ? 'No other conversations.'
                  : 'No conversations yet.'}
            </li>
          ) : null}
          {searching
            ? conversations?.map((c) => item(c))
            : groups.map((group) => (
                <li key={group.label} aria-labelledby={`group-${group.label}`}>
                  <h2 id={`group-${group.label}`} className="conversation-group">
                    {group.label}
                  </h2>
                  <ul>{group.items.map((c) => item(c))}</ul>
                </li>
              ))}
        </ul>
      </div>
      <p role="status" className={`text-xs text-muted ${linkNote ? 'px-3 pb-2' : ''}`}>
        {linkNote}
      </p>
      <Dialog
        open={renaming !== null}
        title="Rename conversation"
        confirmLabel="Rename"
        field={{ label: 'Title', initial: renaming?.title ?? '' }}
        onClose={() => setRenaming(null)}
        onConfirm={(title) => {
          if (renaming) props.onRename(renaming.id, title.trim())
          setRenaming(null)
        }}
      />
      <Dialog
        open={deleting !== null}
        title={`Delete “${deleting?.title || 'New chat'}”?`}
        confirmLabel="Delete"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) props.onDelete(deleting.id)
          setDeleting(null)
        }}
      >
        The conversation is removed from this computer. What Claude put in memory stays.
      </Dialog>
    </aside>
  )
}
