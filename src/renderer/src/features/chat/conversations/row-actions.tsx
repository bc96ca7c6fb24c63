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

const ACTION = 'rounded p-1 text-muted hover:bg-fg/10 hover:text-fg'

/** A conversation row's actions: pin, rename, copy link, move, export and delete. */
export function RowActions({
  name,
  pinned,
  tabIndex,
  onPin,
  onRename,
  onCopyLink,
  onMove,
  onExport,
  onDelete
}: Props) {
  return (
    <span className="conversation-actions">
      <button
        type="button"
        tabIndex={tabIndex}
        className={ACTION}
        aria-label={`${pinned ? 'Unpin' : 'Pin'} ${name}`}
        title={pinned ? 'Unpin' : 'Pin to the top'}
        onClick={onPin}
      >
        {pinned ? <PinOff size={14} aria-hidden /> : <Pin size={14} aria-hidden />}
      </button>
      <button
        type="button"
        tabIndex={tabIndex}
        className={ACTION}
        aria-label={`Rename ${name}`}
        title="Rename"
        onClick={onRename}
      >
        <Pencil size={14} aria-hidden />
      </button>
      <button
        type="button"
        tabIndex={tabIndex}
        className={ACTION}
        aria-label={`Copy a link to ${name}`}
        title="Copy link (cairn://)"
        onClick={onCopyLink}
      >
        <Link2 size={14} aria-hidden />
      </button>
      {onMove ? (
        <button
          type="button"
          tabIndex={tabIndex}
          className={ACTION}
          aria-label={`Move ${name} to a project`}
          title="Move to project…"
          onClick={onMove}
        >
          <FolderInput size={14} aria-hidden />
        </button>
      ) : null}
      <button
        type="button"
        tabIndex={tabIndex}
        className={ACTION}
        aria-label={`Export ${name} as Markdown`}
        title="Export as Markdown"
        onClick={onExport}
      >
        <Download size={14} aria-hidden />
      </button>
      <button
        type="button"
        tabIndex={tabIndex}
        className="rounded p-1 text-muted hover:bg-fg/10 hover:text-danger"
        aria-label={`Delete ${name}`}
        title="Delete (Delete key)"
        onClick={onDelete}
      >
        <Trash2 size={14} aria-hidden />
      </button>
    </span>
  )
}
