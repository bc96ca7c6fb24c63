import { rm, rmdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { MEMORY_ROOT } from '@shared/memory/memory'
import { CairnError } from '@shared/errors'
import type { Project, ProjectId } from '@shared/projects/projects'
import { EXPORT_EXTENSION } from '../backup/format'
import { ensurePrivateDir } from '../fs/durable'
import type { Logger } from '../log/logger'
import type { SpaceList } from '../memory-spaces/space-list'
import {
  deleteListedFiles,
  isStrictlyInside,
  listMemoryFiles,
  projectFolders
} from './project-folders'
import type { ProjectsFileState, Removing } from './projects-file'

// Deleting a project: first what it would do (its chats, its memory folder, the files that would
// go), then the delete. The decision is written first (the project leaves projects.json with a
// note of what remains to do); the steps after it are each safe to run again, so a crash between
// them is finished at the next start instead of leaving half a project.

/** Where archives of deleted projects' memory go, in the data folder. */
export const PROJECT_ARCHIVES_FOLDER = 'project-archives'
const PREVIEW_FILES = 500

export interface ChatsInSpaces {
  countIn(space: ProjectId): Promise<{ chats: number; running: number }>
  moveAllOutOf(space: ProjectId): Promise<number>
}

export interface DeleteDeps {
  dataDir: string
  spaces: SpaceList
  /** The registry: a space is closed (watcher, engine) before its folder is touched. */
  registry: { closeIfIdle(id: ProjectId): Promise<boolean>; isOpen(id: ProjectId): boolean }
  chats: ChatsInSpaces
  /** Writes the space's memory (files and history) as a Cairn memory export to `dest`. */
  archive(id: ProjectId, dest: string): Promise<void>
  logger: Logger
  clock?: () => Date
  state(): ProjectsFileState
  commit(next: ProjectsFileState): Promise<void>
}

export function createProjectDeletes(deps: DeleteDeps) {
  const { logger } = deps
  const clock = deps.clock ?? (() => new Date())
  /** The files each preview showed: a delete removes those, never one added since. */
  const shown = new Map<ProjectId, string[]>()
  /** What uses a space without holding it open (its sync): stopped before the space is closed. */
  const releasers = new Set<(id: ProjectId) => Promise<void>>()

  async function finish(entry: Removing): Promise<number> {
    const moved = await deps.chats.moveAllOutOf(entry.id)
    if (deps.spaces.get(entry.id)) await deps.spaces.remove(entry.id)
    // Unregistered now, so nothing can open it again; a round of its sync in flight would reopen
    // it, so those end first; then it is closed before its folder is touched.
    await Promise.all([...releasers].map((release) => release(entry.id)))
    await deps.registry.closeIfIdle(entry.id)
    if (deps.registry.isOpen(entry.id))
      throw new CairnError(
        'CHAT_BUSY',
        'The project is deleted, but its memory is still in use; Cairn finishes removing it at the next start.'
      )
    const own = dirname(entry.stateDir)
    // The state is Cairn's own (index, history, sync sidecar), kept for no one once the project
    // is gone, whatever becomes of the memory: only ever inside <data>/spaces/<id>.
    if (isStrictlyInside(deps.dataDir, own))
      await rm(entry.stateDir, { recursive: true, force: true })
    if (entry.memory === 'delete') {
      const inData = isStrictlyInside(deps.dataDir, entry.memoryFolder)
      await deleteListedFiles(
        entry.memoryFolder,
        entry.files,
        inData ? own : dirname(entry.memoryFolder)
      )
    }
    // The space's own folder in the data folder goes once empty (a picked folder's project kept
    // only its state there; a kept data-folder memory keeps it).
    if (isStrictlyInside(deps.dataDir, own)) await rmdir(own).catch(() => undefined)
    const state = deps.state()
    await deps.commit({ ...state, removing: state.removing.filter((r) => r.id !== entry.id) })
    logger.info('project removed', { space: entry.id, memory: entry.memory, chatsMoved: moved })
    return moved
  }

  return {
    /** Runs `release` for each project being removed, after it is unlisted, before its close. */
    onRelease(release: (id: ProjectId) => Promise<void>): () => void {
      releasers.add(release)
      return () => releasers.delete(release)
    },

    async preview(project: Project) {
      const files = await listMemoryFiles(project.memoryFolder)
      shown.set(project.id, files)
      const { chats } = await deps.chats.countIn(project.id)
      return {
        id: project.id,
        name: project.name,
        chats,
        memoryFolder: project.memoryFolder,
        userFolder: project.folder !== null,
        files: files.slice(0, PREVIEW_FILES).map((file) => `${MEMORY_ROOT}/${file}`),
        more: Math.max(0, files.length - PREVIEW_FILES)
      }
    },

    async remove(project: Project, memory: 'keep' | 'archive' | 'delete') {
      const { running } = await deps.chats.countIn(project.id)
      if (running > 0)
        throw new CairnError(
          'CHAT_BUSY',
          `A reply is being written in a chat of "${project.name}". Stop it (or let it finish), then delete the project.`
        )
      const files =
        memory === 'keep'
          ? []
          : (shown.get(project.id) ?? (await listMemoryFiles(project.memoryFolder)))
      let archivedTo: string | null = null
      if (memory === 'archive') {
        const folder = join(deps.dataDir, PROJECT_ARCHIVES_FOLDER)
        await ensurePrivateDir(folder)
        const stamp = clock().toISOString().replace(/[:.]/g, '-')
        archivedTo = join(folder, `${project.id}-${stamp}.${EXPORT_EXTENSION}`)
        // Written whole before anything is removed: a failed archive changes nothing.
        await deps.archive(project.id, archivedTo)
      }
      if (!(await deps.registry.closeIfIdle(project.id)) && deps.registry.isOpen(project.id))
        throw new CairnError(
          'CHAT_BUSY',
          `The memory of "${project.name}" is in use just now (a change is being written or waits for approval). Try again once it is done.`
        )
      const entry: Removing = {
        id: project.id,
        memory: memory === 'keep' ? 'keep' : 'delete',
        memoryFolder: project.memoryFolder,
        stateDir: projectFolders(deps.dataDir, project.id, project.folder).stateDir,
        files
      }
      const state = deps.state()
      // The point of no return: from here on the delete is finished, now or at the next start.
      await deps.commit({
        projects: state.projects.filter((p) => p.id !== project.id),
        removing: [...state.removing.filter((r) => r.id !== project.id), entry]
      })
      shown.delete(project.id)
      return { chatsMoved: await finish(entry), archivedTo }
    },

    /** Deletes a crash interrupted: each is finished (logged); one that fails waits for the next. */
    async finishPending(): Promise<void> {
      for (const entry of [...deps.state().removing]) {
        logger.warn('finishing a project delete that did not complete', { space: entry.id })
        await finish(entry).catch((error: unknown) =>
          logger.error('project delete not finished; tried again at the next start', { error })
        )
      }
    }
  }
}
