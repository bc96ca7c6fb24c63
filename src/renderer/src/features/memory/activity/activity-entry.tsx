import { useId, useState } from 'react'
import { ChevronRight, FileSearch } from 'lucide-react'
import type { ActivityEntry } from '@shared/memory/memory'
import { formatAgo } from '../../../lib/time'
import { ChangeView } from '../history/change-view'
import {
  canUndo,
  entrySentence,
  fileName,
  isOutsideBatch,
  sizeText,
  undoWord
} from '../change-words'
import { ForgetControl } from '../history/forget-control'
import { UndoControl } from '../history/undo-control'
import { BatchFiles } from './batch-files'

function ConversationLink(props: {
  id: string
  titles: Map<string, string> | null
  onOpen(conversationId: string): void
}) {
  const title = props.titles?.get(props.id)
  if (props.titles && title === undefined)
    return <span className="text-muted"> in a conversation since deleted</span>
  return (
    <span className="text-muted">
      {' '}
      in{' '}
      <button
        type="button"
        className="text-accent italic underline-offset-2 hover:underline"
        onClick={() => props.onOpen(props.id)}
      >
        {title ? `“${title}”` : 'its conversation'}
      </button>
    </span>
  )
}

/** One entry of the activity log: a sentence, when, sizes before → after, its change, Undo. */
export function ActivityEntryRow({
  entry,
  titles,
  onOpen,
  onOpenConversation
}: {
  entry: ActivityEntry
  titles: Map<string, string> | null
  onOpen(path: string): void
  onOpenConversation(conversationId: string): void
}) {
  const [open, setOpen] = useState(false)
  const changeId = useId()
  const failed = entry.outcome === 'error'
  const sizes = sizeText(entry.bytesBefore, entry.bytesAfter)
  const versions = !failed ? (entry.versions ?? []) : []
  const sentence = entrySentence(entry)
  // Many files changed outside at once: listed one per line when shown, each opened from there.
  const batch = isOutsideBatch(entry)
  // The file as it is now (a rename's new name; nothing to open after a deletion).
  const openable = batch ? [] : versions.filter((v) => v.after !== null).map((v) => v.path)
  const showWord = batch ? `Show ${versions.length} files` : 'Show change'
  return (
    <li className="flex flex-col gap-1 border-b border-line py-2.5 text-sm">
      <p className="min-w-0">
        <span className={failed ? 'text-danger' : 'text-fg'}>{sentence}</span>
        {entry.actor.kind === 'claude' ? (
          <ConversationLink
            id={entry.actor.conversationId}
            titles={titles}
            onOpen={onOpenConversation}
          />
        ) : null}
      </p>
      {failed && entry.message ? <p className="text-xs text-danger">{entry.message}</p> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <time dateTime={entry.time} title={new Date(entry.time).toLocaleString()}>
          {formatAgo(Date.parse(entry.time))}
        </time>
        {sizes ? <span aria-label={`Size ${sizes}`}>{sizes}</span> : null}
        {versions.length ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={changeId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-0.5 text-accent underline-offset-2 hover:underline"
          >
            <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
            {open ? (batch ? 'Hide files' : 'Hide change') : showWord}
          </button>
        ) : null}
        {openable.map((path) => (
          <button
            key={path}
            type="button"
            onClick={() => onOpen(path)}
            aria-label={`Open ${fileName(path)}`}
            title={`Open ${fileName(path)}`}
            className="rounded-full p-0.5 hover:bg-fg/10 hover:text-fg"
          >
            <FileSearch size={12} aria-hidden />
          </button>
        ))}
        {canUndo(entry) ? (
          <span className="ml-auto inline-flex items-baseline gap-3">
            <ForgetControl
              what={{ what: 'entry', seq: entry.seq }}
              label="Forget"
              name={`Forget from history: ${sentence}`}
              question="Forget the texts of this change?"
              compact
            >
              {sentence}: the texts before and after it go from history.
            </ForgetControl>
            <UndoControl
              seq={entry.seq}
              word={undoWord(entry)}
              what={sentence}
              // A batch's undo takes added files out as well as bringing removed ones back.
              {...(batch ? { partialVerb: 'Undid the change to' } : {})}
            />
          </span>
        ) : null}
      </div>
      {open && batch ? <BatchFiles id={changeId} versions={versions} onOpen={onOpen} /> : null}
      {open && !batch ? (
        <div id={changeId} className="flex max-h-96 flex-col gap-2 overflow-auto">
          {versions.map((v) => (
            <ChangeView key={v.path} change={v} label={`Change to ${fileName(v.path)}`} />
          ))}
        </div>
      ) : null}
    </li>
  )
}
