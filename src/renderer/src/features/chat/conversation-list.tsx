import { useState } from 'react'
import { BrainOff, Pencil, Plus, Search, Trash2 } from 'lucide-react'
import type { ConversationSummary } from '@shared/chat'
import { Dialog } from '../../components/dialog'
import { modifierLabel } from '../../lib/platform'

interface Props {
  conversations: ConversationSummary[] | null
  selected: string | null
  query: string
  onQuery(query: string): void
  onSelect(id: string): void
  onNew(): void
  onNewWithoutMemory?(): void
  onRename(id: string, title: string): void
  onDelete(id: string): void
}

/** Conversations: new, search, and per-item rename and delete (confirmed). */
export function ConversationList(props: Props) {
  const { conversations, selected, query } = props
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null)
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  return (
    <aside
      aria-label="Conversations"
      className="flex w-64 shrink-0 flex-col border-r border-line bg-sunken"
    >
      <div className="flex flex-col gap-2 p-3">
        <button
          type="button"
          className="button button--primary w-full"
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
      <ul aria-label="Conversation list" className="min-h-0 flex-1 overflow-auto px-1.5 pb-2">
        {conversations?.length === 0 ? (
          <li className="px-3 py-4 text-center text-sm text-muted">
            {query.trim() ? 'No conversation matches.' : 'No conversations yet.'}
          </li>
        ) : null}
        {conversations?.map((c) => (
          <li key={c.id} className="group relative">
            <button
              type="button"
              aria-current={c.id === selected || undefined}
              onClick={() => props.onSelect(c.id)}
              className={`flex w-full flex-col rounded-control px-2.5 py-2 pr-16 text-left hover:bg-fg/5 ${
                c.id === selected ? 'bg-accent-soft' : ''
              }`}
            >
              <span className="truncate text-sm font-medium">{c.title || 'New chat'}</span>
              <span className="truncate text-xs text-muted">
                {c.snippet ?? `${c.messageCount} messages`}
              </span>
            </button>
            <span className="absolute top-1.5 right-1.5 flex opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
              <button
                type="button"
                className="rounded p-1.5 text-muted hover:bg-fg/10 hover:text-fg"
                aria-label={`Rename ${c.title || 'New chat'}`}
                onClick={() => setRenaming(c)}
              >
                <Pencil size={14} aria-hidden />
              </button>
              <button
                type="button"
                className="rounded p-1.5 text-muted hover:bg-fg/10 hover:text-danger"
                aria-label={`Delete ${c.title || 'New chat'}`}
                onClick={() => setDeleting(c)}
              >
                <Trash2 size={14} aria-hidden />
              </button>
            </span>
          </li>
        ))}
      </ul>
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
