import { useState } from 'react'
import { ChevronRight } from 'lucide-react'
import type { VersionRef } from '@shared/memory/memory'
import { ChangeView } from '../history/change-view'
import { fileName } from '../change-words'

// The files of one batch of outside changes (issue 36): a list, one line each, what happened to
// it, a way to open it, and its own change on demand (a hundred diffs at once help no one).

function whatHappened(v: VersionRef): string {
  if (v.from) return `renamed from ${fileName(v.from)}`
  if (v.before === null) return 'added'
  if (v.after === null) return 'removed'
  return 'changed'
}

function BatchFile({ change, onOpen }: { change: VersionRef; onOpen(path: string): void }) {
  const [open, setOpen] = useState(false)
  const name = fileName(change.path)
  return (
    <li className="flex flex-col gap-1 py-1">
      <div className="flex flex-wrap items-center gap-x-2 text-xs">
        {change.after !== null ? (
          <button
            type="button"
            onClick={() => onOpen(change.path)}
            title={`Open ${name}`}
            className="text-accent underline-offset-2 hover:underline"
          >
            {name}
          </button>
        ) : (
          <span className="text-fg">{name}</span>
        )}
        <span className="text-muted">{whatHappened(change)}</span>
        <button
          type="button"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} the change to ${name}`}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex items-center text-muted hover:text-fg"
        >
          <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
        </button>
      </div>
      {open ? <ChangeView change={change} label={`Change to ${name}`} /> : null}
    </li>
  )
}

export function BatchFiles({
  id,
  versions,
  onOpen
}: {
  id: string
  versions: readonly VersionRef[]
  onOpen(path: string): void
}) {
  return (
    <ul
      id={id}
      aria-label="Files changed outside Cairn"
      className="flex max-h-96 flex-col overflow-auto"
    >
      {versions.map((v) => (
        <BatchFile key={v.path} change={v} onOpen={onOpen} />
      ))}
    </ul>
  )
}
