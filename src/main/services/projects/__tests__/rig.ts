import { join } from 'node:path'
import { captureLogger } from '../../__tests__/helpers'
import { createSpaceList, type SpaceList } from '../../memory-spaces/space-list'
import { createProjectsStore, type ProjectsStore, type ProjectsStoreDeps } from '../projects-store'

/** A projects store on real files in `dir` (data in `<dir>/data`), with chats and spaces faked. */
export async function projectsRig(
  dir: string,
  options: Partial<ProjectsStoreDeps> & { chatsIn?: Map<string, number> } = {}
): Promise<{
  store: ProjectsStore
  spaces: SpaceList
  lines: string[]
  dataDir: string
  closed: string[]
  chatsIn: Map<string, number>
}> {
  const dataDir = join(dir, 'data')
  const { logger, lines } = captureLogger()
  const spaces = options.spaces ?? createSpaceList({ dataDir, logger })
  await spaces.load()
  const closed: string[] = []
  // Chats per space: a count the fake moves to "No project".
  const chatsIn = options.chatsIn ?? new Map<string, number>()
  let n = 0
  const store = createProjectsStore({
    dataDir,
    spaces,
    logger,
    registry: {
      closeIfIdle: async (id) => (closed.push(id), true),
      isOpen: () => false
    },
    chats: {
      countIn: async (space) => ({ chats: chatsIn.get(space) ?? 0, running: 0 }),
      moveAllOutOf: async (space) => {
        const moved = chatsIn.get(space) ?? 0
        chatsIn.delete(space)
        return moved
      }
    },
    archive: async () => {
      throw new Error('no archive in this rig')
    },
    suffix: () => `s${++n}`,
    // The test's temp folder stands for a home with projects in it.
    home: join(dir, 'home'),
    clock: () => new Date('2026-01-02T03:04:05Z'),
    ...options
  })
  await store.load()
  await store.finishPending()
  return { store, spaces, lines, dataDir, closed, chatsIn }
}
