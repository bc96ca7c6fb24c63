import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { CairnError } from '@shared/errors'
import type { Project, ProjectId } from '@shared/projects/projects'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { ProjectsFile, ProjectsFileState } from './projects-file'

// The projects as they are now, and their one writer: each change runs on the result of the
// last, is written durably, and only then becomes the current state the listeners hear.

export function createProjectsLedger(file: ProjectsFile, logger: Logger) {
  const changes = new Emitter<Project[]>((error) =>
    logger.warn('projects listener failed', { error })
  )
  let state: ProjectsFileState = { projects: [], removing: [] }
  let queue: Promise<unknown> = Promise.resolve()

  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run)
    queue = next.catch(() => undefined)
    return next
  }

  /** Writes the next state durably, then makes it the current one and tells the listeners. */
  async function commit(next: ProjectsFileState): Promise<void> {
    try {
      await file.write(next)
    } catch (error) {
      logger.error('projects file not written', { error })
      throw new CairnError(
        'INTERNAL',
        `Projects could not be saved (${(error as NodeJS.ErrnoException).code ?? 'write error'}). Nothing changed; check that the disk is not full or read-only, then try again.`
      )
    }
    const changed = next.projects !== state.projects
    state = next
    if (changed) changes.emit(state.projects)
  }

  /** The project, or the error that says it is not one (any more). */
  function need(id: ProjectId): Project {
    if (id === DEFAULT_SPACE_ID)
      throw new CairnError(
        'BAD_INPUT',
        '"No project" is not a project: its chats and memory are where Cairn always kept them.'
      )
    const project = state.projects.find((p) => p.id === id)
    if (!project)
      throw new CairnError(
        'SPACE_NOT_FOUND',
        'That project no longer exists. It may have been deleted; pick another one.'
      )
    return project
  }

  return {
    state: (): ProjectsFileState => state,
    /** projects.json as read at start (nothing written, nobody told). */
    async read(): Promise<void> {
      state = await file.read()
    },
    serial,
    commit,
    need,
    /** One project edited and saved, in the writer's turn. */
    change(id: ProjectId, edit: (project: Project) => Project): Promise<Project> {
      return serial(async () => {
        const next = edit(need(id))
        await commit({
          ...state,
          projects: state.projects.map((p) => (p.id === next.id ? next : p))
        })
        return next
      })
    },
    onChange: (listener: (projects: Project[]) => void) => changes.on(listener),
    dispose: () => changes.clear()
  }
}
export type ProjectsLedger = ReturnType<typeof createProjectsLedger>
