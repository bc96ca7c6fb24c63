import { useEffect, useEffectEvent } from 'react'
import { Undo2, X } from 'lucide-react'
import { modifierLabel } from '../../../../lib/platform'
import type { DeletedState } from './use-deleted'

/** Typing in a field keeps its own Ctrl/Cmd+Z. */
const editing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable]') !== null)

/**
 * "Deleted “title”" with Undo, under the conversation list, until dismissed or another delete.
 * Ctrl/Cmd+Z undoes while it shows, unless the focus is in a text field.
 */
export function DeletedNotice({
  state,
  keys = true,
  onUndo,
  onDismiss
}: {
  state: DeletedState | null
  /** Off while another view shows: its Ctrl/Cmd+Z is not this one. */
  keys?: boolean
  onUndo(): void
  onDismiss(): void
}) {
  const undoKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey) return
    if (!(event.ctrlKey || event.metaKey) || editing(event.target)) return
    event.preventDefault()
    onUndo()
  })
  const deleted = keys && state?.kind === 'deleted'
  useEffect(() => {
    if (!deleted) return
    const listen = (event: KeyboardEvent) => undoKey(event)
    document.addEventListener('keydown', listen)
    return () => document.removeEventListener('keydown', listen)
  }, [deleted])

  if (!state) return null
  return (
    <div className="mx-2 mb-2 flex items-center gap-1 rounded-control border border-line bg-surface px-2.5 py-1.5 text-sm shadow">
      {state.kind === 'deleted' ? (
        <>
          <p
            role="status"
            className="line-clamp-2 min-w-0 flex-1 break-words"
            title={`Deleted “${state.title}”`}
          >
            Deleted “{state.title}”
          </p>
          <button
            type="button"
            className="inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-1 font-medium text-accent hover:bg-fg/10"
            aria-keyshortcuts="Control+Z Meta+Z"
            title={`Bring it back (${modifierLabel()}Z)`}
            onClick={onUndo}
          >
            <Undo2 size={14} aria-hidden />
            Undo
          </button>
        </>
      ) : (
        <p role="alert" className="min-w-0 flex-1 text-danger">
          {state.message}
        </p>
      )}
      <button
        type="button"
        className="shrink-0 rounded p-1 text-muted hover:bg-fg/10 hover:text-fg"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={onDismiss}
      >
        <X size={14} aria-hidden />
      </button>
    </div>
  )
}
