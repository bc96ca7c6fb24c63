import { useId } from 'react'
import { Plus } from 'lucide-react'
import type { Project } from '@shared/projects/projects'
import { KNOWLEDGE_LIMITS } from '@shared/projects/projects'
import { Spinner } from '../../components/icons'
import { formatBytes } from '../../lib/format'
import { KnowledgeRow } from './knowledge-row'
import { useKnowledgeActions } from './use-knowledge-actions'

interface Props {
  project: Project
  /** Main's answer after an add or a remove (the project with its knowledge now). */
  onProject(project: Project): void
}

/**
 * A project's knowledge: files every chat in it can read. Added through main's file dialog
 * (checked like attachments, then uploaded to the Files API once), removed one by one; a failed
 * upload shows why, with Retry.
 */
export function KnowledgeList({ project, onProject }: Props) {
  const labelId = useId()
  const { busy, notes, add, remove, retry } = useKnowledgeActions(project, onProject)
  const files = project.knowledge
  const total = files.reduce((sum, f) => sum + f.size, 0)
  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <h3 id={labelId} className="text-[13px] font-medium">
          Knowledge
        </h3>
        <span className="text-xs text-muted">
          {files.length === 0
            ? 'Files every chat in the project can read: text, Markdown, PDF, images.'
            : `${files.length} of ${KNOWLEDGE_LIMITS.files} files, ${formatBytes(total)}`}
        </span>
      </div>
      {files.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-control border border-line">
          {files.map((file) => (
            <KnowledgeRow
              key={file.hash}
              file={file}
              busy={busy}
              onRetry={() => retry(file)}
              onRemove={() => remove(file)}
            />
          ))}
        </ul>
      ) : null}
      <div>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          aria-busy={busy === 'adding' || undefined}
          onClick={add}
        >
          {busy === 'adding' ? <Spinner /> : <Plus size={16} aria-hidden />}
          {busy === 'adding' ? 'Adding and uploading…' : 'Add files…'}
        </button>
      </div>
      <div role="alert" className="text-sm text-danger empty:sr-only">
        {notes.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </div>
    </section>
  )
}
