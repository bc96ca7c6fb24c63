import { CloudUpload, FileText, RotateCw, Trash2 } from 'lucide-react'
import type { KnowledgeFile } from '@shared/projects/projects'
import { Spinner } from '../../components/icons'
import { formatBytes } from '../../lib/format'

/**
 * How a file reaches Claude: uploaded once (referenced by id), inline in every request (with
 * why), or not yet either: main uploads it with the project's next message.
 */
function delivery(file: KnowledgeFile): string {
  if (file.fileId) return 'Uploaded'
  if (file.inlineReason)
    return file.uploadFailure === 'failed' || file.uploadFailure === 'too-large'
      ? `Upload failed: ${file.inlineReason}`
      : `Sent inline: ${file.inlineReason}`
  return 'Uploads with the next message in the project'
}

/** One knowledge file: its name, size and how it reaches Claude, Retry when its upload failed, Remove. */
export function KnowledgeRow({
  file,
  busy,
  onRetry,
  onRemove
}: {
  file: KnowledgeFile
  /** What is busy: `'adding'`, a file's hash, or nothing. */
  busy: string | null
  onRetry(): void
  onRemove(): void
}) {
  return (
    <li className="flex items-center gap-2 px-2.5 py-1.5 text-sm">
      <FileText size={14} aria-hidden className="shrink-0 text-muted" />
      <span className="min-w-0 flex-1">
        <span className="block truncate" title={file.name}>
          {file.name}
        </span>
        <span
          className={`flex items-center gap-1 text-xs ${file.inlineReason ? 'text-warning' : 'text-muted'}`}
        >
          {file.fileId ? <CloudUpload size={12} aria-hidden /> : null}
          {formatBytes(file.size)} · {delivery(file)}
        </span>
      </span>
      {file.inlineReason && !file.fileId ? (
        <button
          type="button"
          className="button button--quiet shrink-0 px-2 py-0.5 text-xs"
          aria-label={`Retry uploading ${file.name}`}
          title="Upload it to the Files API again"
          disabled={busy !== null}
          onClick={onRetry}
        >
          {busy === file.hash ? <Spinner /> : <RotateCw size={12} aria-hidden />}
          {busy === file.hash ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
      <button
        type="button"
        className="rounded p-1 text-muted hover:bg-fg/10 hover:text-danger"
        aria-label={`Remove ${file.name}`}
        title="Remove from the project"
        disabled={busy !== null}
        onClick={onRemove}
      >
        {busy === file.hash && !file.inlineReason ? <Spinner /> : <Trash2 size={14} aria-hidden />}
      </button>
    </li>
  )
}
