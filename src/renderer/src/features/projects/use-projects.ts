import { useCallback, useEffect, useState } from 'react'
import type { Project } from '@shared/projects/projects'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'

export interface ProjectsState {
  /** Null until main answers. */
  projects: Project[] | null
  error: ShownError | null
  reload(): void
}

/** The projects main keeps, followed through `projects:changed` (any view or window may change them). */
export function useProjects(): ProjectsState {
  const [projects, setProjects] = useState<Project[] | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const reload = useCallback(() => {
    call((api) => api.projects.list()).then(
      (list) => {
        setProjects(list.projects)
        setError(null)
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }, [])
  useEffect(() => {
    reload()
    try {
      return onEvent('projects:changed', (list) => setProjects(list.projects))
    } catch {
      return // outside Cairn: nothing to hear from
    }
  }, [reload])
  return { projects, error, reload }
}

/** A project's name by id, for rows and headers ("No project" has none). */
export function projectName(projects: readonly Project[] | null, id: string | undefined) {
  return id ? projects?.find((p) => p.id === id)?.name : undefined
}
