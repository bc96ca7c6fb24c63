import { useEffect, useState } from 'react'
import type { ActivityEntry, ActorKind } from '@shared/memory'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { formatAgo } from '../../lib/time'

const ACTORS: { value: ActorKind | ''; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: 'claude', label: 'Claude' },
  { value: 'user', label: 'You' },
  { value: 'external', label: 'Outside' },
  { value: 'system', label: 'Expiry' }
]

/** Conversation titles by id, so Claude's entries can say where they happened; null until read. */
function useConversationTitles(version: number): Map<string, string> | null {
  const [titles, setTitles] = useState<Map<string, string> | null>(null)
  useEffect(() => {
    let live = true
    call((api) => api.chat.listConversations()).then(
      ({ conversations }) => {
        if (live) setTitles(new Map(conversations.map((c) => [c.id, c.title || 'New chat'])))
      },
      () => undefined // Entries still show; only the titles are missing.
    )
    return () => {
      live = false
    }
  }, [version])
  return titles
}

function ConversationLink(props: {
  id: string
  titles: Map<string, string> | null
  onOpen(conversationId: string): void
}) {
  const title = props.titles?.get(props.id)
  if (props.titles && title === undefined)
    return <span className="block text-xs text-muted">in a conversation since deleted</span>
  return (
    <span className="block text-xs text-muted">
      in{' '}
      <button
        type="button"
        className="text-accent underline-offset-2 hover:underline"
        onClick={() => props.onOpen(props.id)}
      >
        {title ? `“${title}”` : 'its conversation'}
      </button>
    </span>
  )
}

function actorLabel(entry: ActivityEntry): string {
  return ACTORS.find((a) => a.value === entry.actor.kind)?.label ?? entry.actor.kind
}

/** The engine's log, newest first, filtered by who acted and which path. */
export function ActivityPanel({
  version,
  onOpen,
  onOpenConversation
}: {
  version: number
  onOpen(path: string): void
  onOpenConversation(conversationId: string): void
}) {
  const [actor, setActor] = useState<ActorKind | ''>('')
  const [path, setPath] = useState('')
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const titles = useConversationTitles(version)

  useEffect(() => {
    let live = true
    const query = {
      limit: 200,
      ...(actor ? { actor } : {}),
      ...(path.trim() ? { path: path.trim() } : {})
    }
    call((api) => api.memory.activity(query)).then(
      (page) => {
        if (live) setEntries(page.entries)
      },
      (failure: unknown) => {
        if (live) setError(toShownError(failure))
      }
    )
    return () => {
      live = false
    }
  }, [actor, path, version])

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-end gap-3 border-b border-line px-4 py-3">
        <label className="flex flex-col gap-1 text-[13px] font-medium">
          Who
          <select
            className="input"
            value={actor}
            onChange={(event) => setActor(event.target.value as ActorKind | '')}
          >
            {ACTORS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-1 flex-col gap-1 text-[13px] font-medium">
          Path
          <input
            className="input input--mono"
            placeholder="/memories/…"
            value={path}
            onChange={(event) => setPath(event.target.value)}
          />
        </label>
      </div>
      {error ? (
        <p role="alert" className="px-4 py-2 text-danger">
          {error.message}
        </p>
      ) : null}
      <ol aria-label="Memory activity" className="min-h-0 flex-1 overflow-auto px-4 py-2">
        {entries?.length === 0 ? (
          <li className="py-6 text-center text-muted">Nothing yet.</li>
        ) : null}
        {entries?.map((entry) => (
          <li
            key={entry.seq}
            className="flex items-baseline gap-3 border-b border-line py-2 text-sm"
          >
            <time
              className="w-20 shrink-0 text-xs text-muted"
              dateTime={entry.time}
              title={entry.time}
            >
              {formatAgo(Date.parse(entry.time))}
            </time>
            <span className="w-16 shrink-0 font-medium">{actorLabel(entry)}</span>
            <span className="min-w-0 flex-1">
              <span className={entry.outcome === 'error' ? 'text-danger' : ''}>
                {entry.command}
              </span>{' '}
              {entry.paths.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="font-mono text-xs text-accent underline-offset-2 hover:underline"
                  onClick={() => onOpen(p)}
                >
                  {p}
                </button>
              ))}
              {entry.outcome === 'error' ? (
                <span className="block text-xs text-danger">{entry.message}</span>
              ) : null}
              {entry.actor.kind === 'claude' ? (
                <ConversationLink
                  id={entry.actor.conversationId}
                  titles={titles}
                  onOpen={onOpenConversation}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}
