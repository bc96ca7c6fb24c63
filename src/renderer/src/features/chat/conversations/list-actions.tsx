import { BrainOff, FolderPlus, Plus, Search } from 'lucide-react'
import { modifierLabel } from '../../../lib/platform'

interface Props {
  query: string
  onQuery(query: string): void
  onNew(): void
  onNewWithoutMemory?(): void
  /** The welcome card is showing: its Save key is the one primary action, not New chat. */
  quietNew?: boolean
  onNewProject?(): void
}

/** The top of the conversation list: New chat (with and without memory), New project, Search. */
export function ListActions(props: Props) {
  return (
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
      {props.onNewProject ? (
        <button type="button" className="button button--quiet w-full" onClick={props.onNewProject}>
          <FolderPlus size={16} aria-hidden className="shrink-0" />
          New project
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
          value={props.query}
          onChange={(event) => props.onQuery(event.target.value)}
        />
      </label>
    </div>
  )
}
