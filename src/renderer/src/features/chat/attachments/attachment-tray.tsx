import { X } from 'lucide-react'
import { AttachmentChip } from './attachment-chip'
import type { AttachmentProblem, PendingAttachment } from './use-attachments'

/** The files waiting in the composer, and why any file was not attached. */
export function AttachmentTray({
  items,
  problems,
  onRemove,
  onDismiss
}: {
  items: PendingAttachment[]
  problems: AttachmentProblem[]
  onRemove(key: string): void
  onDismiss(key: string): void
}) {
  if (items.length === 0 && problems.length === 0) return null
  return (
    <div className="mx-auto mb-2 flex max-w-3xl flex-col gap-2">
      {problems.map((problem) => (
        <div
          key={problem.key}
          role="alert"
          className="flex items-start gap-2 rounded-control border border-danger/40 bg-danger-soft px-3 py-2 text-sm"
        >
          <p className="flex-1">{problem.message}</p>
          <button
            type="button"
            className="button button--quiet min-h-7 flex-none p-1"
            aria-label="Dismiss"
            onClick={() => onDismiss(problem.key)}
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ))}
      {items.length > 0 ? (
        <ul aria-label="Attached files" className="flex flex-wrap gap-2">
          {items.map((item) =>
            item.state === 'ready' ? (
              <AttachmentChip
                key={item.key}
                name={item.name}
                attachment={item.info.attachment}
                thumbnail={item.info.thumbnail}
                note={item.info.note}
                onRemove={() => onRemove(item.key)}
              />
            ) : (
              <AttachmentChip key={item.key} name={item.name} onRemove={() => onRemove(item.key)} />
            )
          )}
        </ul>
      ) : null}
    </div>
  )
}
