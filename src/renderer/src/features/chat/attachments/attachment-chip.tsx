import { FileText, FileType2, X } from 'lucide-react'
import { formatBytes, type AttachmentBlock } from '@shared/chat/attachments'
import { Spinner } from '../../../components/icons'

/** One file as a chip: its thumbnail (images) or an icon, its name and size, maybe a remove button. */
export function AttachmentChip({
  name,
  attachment,
  thumbnail,
  note,
  onRemove
}: {
  name: string
  /** Absent while the file is still being added. */
  attachment?: AttachmentBlock
  thumbnail?: string | null
  note?: string | null
  onRemove?: () => void
}) {
  const detail = attachment ? describe(attachment, !!note) : 'Adding…'
  return (
    <li
      className="flex max-w-80 min-w-0 items-center gap-2 rounded-control border border-line bg-surface p-1.5 pr-2 text-sm"
      title={note ?? name}
      aria-busy={attachment ? undefined : true}
    >
      {thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          className="size-10 flex-none rounded-[4px] bg-sunken object-cover"
          draggable={false}
        />
      ) : (
        <span
          className="flex size-10 flex-none items-center justify-center rounded-[4px] bg-sunken text-muted"
          aria-hidden
        >
          {!attachment ? (
            <Spinner />
          ) : attachment.kind === 'pdf' ? (
            <FileType2 size={18} />
          ) : (
            <FileText size={18} />
          )}
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted">{detail}</span>
      </span>
      {onRemove ? (
        <button
          type="button"
          className="button button--quiet ml-auto min-h-7 flex-none p-1"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          <X size={14} aria-hidden />
        </button>
      ) : null}
    </li>
  )
}

function describe(attachment: AttachmentBlock, resized: boolean): string {
  const size = formatBytes(attachment.size)
  if (attachment.kind === 'image')
    return `${attachment.mediaType.slice(6).toUpperCase()} · ${attachment.width ?? '?'} × ${attachment.height ?? '?'} · ${resized ? 'scaled to fit' : size}`
  if (attachment.kind === 'pdf')
    return `PDF · ${attachment.pages === undefined ? '' : `${attachment.pages} page${attachment.pages === 1 ? '' : 's'} · `}${size}`
  return `Text · ${size}`
}
