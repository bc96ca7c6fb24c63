import type { LucideIcon } from 'lucide-react'
import { Download, FolderInput, Link2, Pencil, Pin, PinOff, Trash2 } from 'lucide-react'

interface Props {
  /** The chat's name as the list says it: each button's name says which chat it acts on. */
  name: string
  pinned?: boolean | undefined
  /** -1 off the list's one tab stop (roving), like the row's own button. */
  tabIndex: number
  onPin(): void
  onRename(): void
  onCopyLink(): void
  /** "Move to project…" (offered once a project exists). */
  onMove?: (() => void) | undefined
  onExport(): void
  onDelete(): void
}

interface ActionProps {
  icon: LucideIcon
  /** The accessible name: says what it does to which chat. */
  label: string
  /** The tooltip: what it does, with its key where there is one. */
  title: string
  tabIndex: number
  onClick(): void
  danger?: boolean
}

/** One icon button of a row. */
function RowAction({ icon: Icon, label, title, tabIndex, onClick, danger }: ActionProps) {
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      className={`rounded p-1 text-muted hover:bg-fg/10 ${danger ? 'hover:text-danger' : 'hover:text-fg'}`}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      <Icon size={14} aria-hidden />
    </button>
  )
}

/** A conversation row's actions: pin, rename, copy link, move, export and delete. */
export function RowActions({ name, pinned, tabIndex, onMove, ...on }: Props) {
  return (
    <span className="conversation-actions">
      <RowAction
        icon={pinned ? PinOff : Pin}
        label={`${pinned ? 'Unpin' : 'Pin'} ${name}`}
        title={pinned ? 'Unpin' : 'Pin to the top'}
        tabIndex={tabIndex}
        onClick={on.onPin}
      />
      <RowAction
        icon={Pencil}
        label={`Rename ${name}`}
        title="Rename"
        tabIndex={tabIndex}
        onClick={on.onRename}
      />
      <RowAction
        icon={Link2}
        label={`Copy a link to ${name}`}
        title="Copy link (cairn://)"
        tabIndex={tabIndex}
        onClick={on.onCopyLink}
      />
      {onMove ? (
        <RowAction
          icon={FolderInput}
          label={`Move ${name} to a project`}
          title="Move to project…"
          tabIndex={tabIndex}
          onClick={onMove}
        />
      ) : null}
      <RowAction
        icon={Download}
        label={`Export ${name} as Markdown`}
        title="Export as Markdown"
        tabIndex={tabIndex}
        onClick={on.onExport}
      />
      <RowAction
        icon={Trash2}
        label={`Delete ${name}`}
        title="Delete (Delete key)"
        tabIndex={tabIndex}
        onClick={on.onDelete}
        danger
      />
    </span>
  )
}
