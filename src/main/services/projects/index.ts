import { join } from 'node:path'
import type { PickAttachmentsOutput } from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import type { ProjectId } from '@shared/projects/projects'
import type { SpaceList } from '../memory-spaces/space-list'
import { addKnowledgeFromDialog } from './knowledge'
import { PROJECT_MEMORY_SUBFOLDER } from './project-folders'
import type { ProjectsStore } from './projects-store'

// What the projects channels need beyond the store: the OS dialogs (a folder for "New project
// from a folder", files for knowledge) and the list of spaces the inspector can switch to.

export { createProjectsStore, type ProjectsStore, type ProjectsStoreDeps } from './projects-store'
export { PROJECTS_FILE } from './projects-file'
export { PROJECT_ARCHIVES_FOLDER, type ChatsInSpaces } from './delete-project'

/** The OS folder dialog (main's dialog.showOpenDialog): the folder picked, null when cancelled. */
export type PickFolder = () => Promise<string | null>

export function createProjectCalls(
  store: ProjectsStore,
  deps: {
    spaces: Pick<SpaceList, 'get'>
    pickFolder?: PickFolder | undefined
    /** The attachments' OS dialog and checks (chat's): knowledge is taken in the same way. */
    pickFiles: () => Promise<PickAttachmentsOutput>
  }
) {
  return {
    async pickFolder() {
      if (!deps.pickFolder)
        throw new CairnError('INTERNAL', 'Choosing a folder is not available here.')
      const picked = await deps.pickFolder()
      if (picked === null) return { folder: null, memoryFolder: null, refused: null }
      const checked = await store.checkFolder(picked)
      if (!checked.ok) return { folder: picked, memoryFolder: null, refused: checked.reason }
      return {
        folder: checked.folder,
        memoryFolder: join(checked.folder, ...PROJECT_MEMORY_SUBFOLDER),
        refused: null
      }
    },
    addKnowledge: (id: ProjectId) => addKnowledgeFromDialog(store, deps.pickFiles, id),
    /** The default space ("No project") first, then each project's, by the project's name. */
    memorySpaces() {
      const fallback = deps.spaces.get(DEFAULT_SPACE_ID)
      return {
        spaces: [
          ...(fallback ? [{ id: fallback.id, name: fallback.name, folder: fallback.folder }] : []),
          ...store.all().map((p) => ({ id: p.id, name: p.name, folder: p.memoryFolder }))
        ]
      }
    }
  }
}
export type ProjectCalls = ReturnType<typeof createProjectCalls>
