import { useEffect, useState } from 'react'
import type { ActivityEntry, ActorKind } from '@shared/memory/memory'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { ActivityEntryRow } from './activity-entry'
import { useActivityChanges } from '../memory-changes'
import { useMemorySpace } from '../memory-space'

const ACTORS: { value: ActorKind | ''; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: 'claude', label: 'Claude' },
  { value: 'user', label: 'You' },
  { value: 'external', label: 'Outside' },
  { value: 'system', label: 'Expiry and history' }
]

interface Titles {
  byId: Map<string, string>
  /** Every conversation id asked about: one since deleted is not asked for again. */
  asked: ReadonlySet<string>
}

/**
 * Conversation titles by id, so Claude's entries can say where they happened; null until read.
 * Read once, and again only when an entry names a conversation not asked about yet (a memory
 * change does not change any title).
 */
function useConversationTitles(entries: ActivityEntry[] | null): Map<string, string> | null {
  const [titles, setTitles] = useState<Titles | null>(null)
  const named = [
    ...new Set(
      (entries ?? []).flatMap((e) => (e.actor.kind === 'claude' ? [e.actor.conversationId] : []))
    )
  ]
  const unknown = titles === null || named.some((id) => !titles.asked.has(id))
  const ask = unknown ? named.join('\n') : null
  useEffect(() => {
    if (ask === null) return
    let live = true
    call((api) => api.chat.listConversations()).then(
      ({ conversations }) => {
        if (!live) return
        const byId = new Map(conversations.map((c) => [c.id, c.title || 'New chat']))
        setTitles({ byId, asked: new Set([...byId.keys(), ...ask.split('\n')]) })
      },
      () => undefined // Entries still show; only the titles are missing.
    )
    return () => {
      live = false
    }
  }, [ask])
  return titles?.byId ?? null
}

/** The engine's log, newest first, filtered by who acted, which path, and words. */
export function ActivityPanel({
  onOpen,
  onOpenConversation
}: {
  onOpen(path: string): void
  onOpenConversation(conversationId: string): void
}) {
  const space = useMemorySpace()
  const [actor, setActor] = useState<ActorKind | ''>('')
  const [path, setPath] = useState('')
  const [text, setText] = useState('')
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const titles = useConversationTitles(entries)
  const changes = useActivityChanges()

  useEffect(() => {
    let live = true
    const query = {
      space,
      limit: 200,
      ...(actor ? { actor } : {}),
      ...(path.trim() ? { path: path.trim() } : {}),
      ...(text.trim() ? { text: text.trim() } : {})
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
  }, [space, actor, path, text, changes])

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
        <label className="flex flex-1 flex-col gap-1 text-[13px] font-medium">
          Words
          <input
            type="search"
            className="input"
            placeholder="edited, garden, outside…"
            value={text}
            onChange={(event) => setText(event.target.value)}
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
          <li className="py-6 text-center text-muted">
            {actor || path.trim() || text.trim()
              ? 'No entry matches these filters.'
              : 'Nothing yet.'}
          </li>
        ) : null}
        {entries?.map((entry) => (
          <ActivityEntryRow
            key={entry.seq}
            entry={entry}
            titles={titles}
            onOpen={onOpen}
            onOpenConversation={onOpenConversation}
          />
        ))}
      </ol>
    </div>
  )
}
