import { join } from 'node:path'
import { z } from 'zod'
import { DEFAULT_SPACE_ID, SpaceIdSchema, type SpaceId } from '@shared/memory/spaces'
import { CairnError } from '@shared/errors'
import { writeFileDurably } from '../fs/durable'
import { firstIssue, readJsonOrMoveAside } from '../fs/json-file'
import type { Logger } from '../log/logger'

// Which memory spaces exist: the default one (built in, never written down, so a user who never
// makes a project has no new file) and the ones the user made, kept in one small file written
// durably (a crash leaves the old list or the new one).

export const SPACES_FILE = 'memory-spaces.json'
/** The default space's folders in the app's data folder: the names Cairn used before spaces. */
export const MEMORY_FOLDER_NAME = 'memories'
export const MEMORY_STATE_FOLDER_NAME = 'memory-state'
/** Where the state of every other space lives, one folder per space id. */
export const SPACES_STATE_FOLDER_NAME = 'spaces'

const AbsolutePath = z.string().min(1).max(4096)
export const SpaceDescriptorSchema = z.object({
  id: SpaceIdSchema,
  name: z.string().min(1).max(200),
  /** The folder the user picked (a project's folder); the memory folder sits inside it. */
  root: AbsolutePath,
  /** The folder `/memories` maps to. */
  folder: AbsolutePath,
  /** The engine's private state (index, activity, history), outside `folder`. */
  stateDir: AbsolutePath
})
export type SpaceDescriptor = z.infer<typeof SpaceDescriptorSchema>

const SpacesFileSchema = z.object({
  version: z.literal(1),
  spaces: z.array(SpaceDescriptorSchema).max(1000)
})

export function defaultSpace(dataDir: string): SpaceDescriptor {
  return {
    id: DEFAULT_SPACE_ID,
    name: 'No project',
    root: join(dataDir, MEMORY_FOLDER_NAME),
    folder: join(dataDir, MEMORY_FOLDER_NAME),
    stateDir: join(dataDir, MEMORY_STATE_FOLDER_NAME)
  }
}

export interface SpaceList {
  /** Reads the file once; a bad file is moved aside (never lost) and only the default remains. */
  load(): Promise<void>
  all(): SpaceDescriptor[]
  get(id: SpaceId): SpaceDescriptor | undefined
  add(space: SpaceDescriptor): Promise<void>
  remove(id: SpaceId): Promise<void>
}

export function createSpaceList(options: {
  dataDir: string
  logger: Logger
  clock?: () => Date
}): SpaceList {
  const { dataDir, logger } = options
  const clock = options.clock ?? (() => new Date())
  const file = join(dataDir, SPACES_FILE)
  const builtIn = defaultSpace(dataDir)
  let made: SpaceDescriptor[] = []
  // One writer: each change saves on the result of the last.
  let queue: Promise<unknown> = Promise.resolve()

  function save(next: SpaceDescriptor[]): Promise<void> {
    const run = queue.then(async () => {
      const body = SpacesFileSchema.parse({ version: 1, spaces: next })
      await writeFileDurably(file, JSON.stringify(body, null, 2) + '\n')
      made = next
    })
    queue = run.catch(() => undefined)
    return run
  }

  return {
    async load() {
      const read = await readJsonOrMoveAside({
        file,
        label: 'memory spaces file',
        logger,
        clock,
        parse: (raw) => {
          const parsed = SpacesFileSchema.safeParse(raw)
          return parsed.success
            ? { ok: true, value: parsed.data }
            : { ok: false, reason: firstIssue(parsed.error.issues, 'unknown shape') }
        }
      })
      if (read.kind === 'read')
        made = read.value.spaces.filter((space) => space.id !== DEFAULT_SPACE_ID)
    },
    all: () => [builtIn, ...made],
    get: (id) => (id === DEFAULT_SPACE_ID ? builtIn : made.find((space) => space.id === id)),
    async add(space) {
      if (space.id === DEFAULT_SPACE_ID || made.some((other) => other.id === space.id))
        throw new CairnError('BAD_INPUT', `A memory space named "${space.id}" exists already.`)
      await save([...made, SpaceDescriptorSchema.parse(space)])
    },
    async remove(id) {
      if (id === DEFAULT_SPACE_ID)
        throw new CairnError('BAD_INPUT', 'The "No project" memory cannot be removed.')
      await save(made.filter((space) => space.id !== id))
    }
  }
}
