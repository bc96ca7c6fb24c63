import { useState } from 'react'
import type { KnowledgeFile, Project } from '@shared/projects/projects'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'

/**
 * Adding, removing and re-uploading a project's knowledge files through main: which one is busy
 * (`'adding'` or a file's hash), and what the last change said.
 */
export function useKnowledgeActions(project: Project, onProject: (project: Project) => void) {
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
  return { busy, notes, add, remove, retry }
}
