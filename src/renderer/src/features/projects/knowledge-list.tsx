import { useId, useState } from 'react'
import { CloudUpload, FileText, Plus, RotateCw, Trash2 } from 'lucide-react'
import type { KnowledgeFile, Project } from '@shared/projects/projects'
import { KNOWLEDGE_LIMITS } from '@shared/projects/projects'
import { Spinner } from '../../components/icons'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'
import { formatBytes } from '../../lib/format'

interface Props {
  project: Project
  /** Main's answer after an add or a remove (the project with its knowledge now). */
  onProject(project: Project): void
}

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

/**
 * A project's knowledge: files every chat in it can read. Added through main's file dialog
 * (checked like attachments, then uploaded to the Files API once), removed one by one; a failed
 * upload shows why, with Retry.
 */
export function KnowledgeList({ project, onProject }: Props) {
  const labelId = useId()
  const [busy, setBusy] = useState<'adding' | string | null>(null)
  /** What the last add or remove said: files refused and why, or a failure. */
  const [notes, setNotes] = useState<string[]>([])
  const add = () => {
    setBusy('adding')
    setNotes([])
    call((api) => api.projects.addKnowledge({ id: project.id })).then(
      (answer) => {
        setBusy(null)
        onProject(answer.project)
        setNotes(answer.refused.map((r) => `“${r.name}” was not added: ${r.message}`))
      },
      (error: unknown) => {
        setBusy(null)
        const shown = toShownError(error)
        setNotes([`No file was added: ${shown.message} ${shown.nextStep ?? ''}`])
      }
    )
  }
  /** One file's change in main: its answer shown, or why it failed (`undone`: what did not happen). */
  const onFile = (
    file: KnowledgeFile,
    run: Parameters<typeof call<Project>>[0],
    undone: string,
    after?: (next: Project) => void
  ) => {
    setBusy(file.hash)
    setNotes([])
    call(run).then(
      (next) => {
        setBusy(null)
        onProject(next)
        after?.(next)
      },
      (error: unknown) => {
        setBusy(null)
        const shown = toShownError(error)
        setNotes([`“${file.name}” was not ${undone}: ${shown.message} ${shown.nextStep ?? ''}`])
      }
    )
  }
  const remove = (file: KnowledgeFile) =>
    onFile(
      file,
      (api) => api.projects.removeKnowledge({ id: project.id, hash: file.hash }),
      'removed'
    )
  /** Uploads the file again now; a new failure shows under its name, with its reason. */
  const retry = (file: KnowledgeFile) =>
    onFile(
      file,
      (api) => api.projects.retryKnowledge({ id: project.id, hash: file.hash }),
      'uploaded',
      (next) => {
        const now = next.knowledge.find((k) => k.hash === file.hash)
        if (now?.inlineReason)
          setNotes([
            `“${file.name}” did not upload this time either: the reason is under its name.`
          ])
      }
    )
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
            <li key={file.hash} className="flex items-center gap-2 px-2.5 py-1.5 text-sm">
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
                  onClick={() => retry(file)}
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
                onClick={() => remove(file)}
              >
                {busy === file.hash && !file.inlineReason ? (
                  <Spinner />
                ) : (
                  <Trash2 size={14} aria-hidden />
                )}
              </button>
            </li>
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
