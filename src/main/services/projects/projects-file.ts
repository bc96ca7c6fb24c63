import { join } from 'node:path'
import { z } from 'zod'
import {
  ProjectIdSchema,
  ProjectSchema,
  PROJECTS_VERSION,
  type Project
} from '@shared/projects/projects'
import { writeFileDurably } from '../fs/durable'
import { firstIssue, readJsonOrMoveAside } from '../fs/json-file'
import type { Logger } from '../log/logger'

// projects.json in the data folder: the projects, and the deletes that were decided but not yet
// finished (a crash part-way through a delete is finished at the next start, never left half).

export const PROJECTS_FILE = 'projects.json'

const AbsolutePath = z.string().min(1).max(4096)
/** A delete past its point of no return: the project is gone, these steps remain. */
export const RemovingSchema = z.object({
  id: ProjectIdSchema,
  /** 'delete': the listed files and the state go (an archive, if asked for, is written already). */
  memory: z.enum(['keep', 'delete']),
  /** The memory folder the files are listed in, and the space's engine state. */
  memoryFolder: AbsolutePath,
  stateDir: AbsolutePath,
  /** The files the user was shown, relative to the memory folder: only these are deleted. */
  files: z.array(z.string().min(1).max(4096)).max(1_000_000)
})
export type Removing = z.infer<typeof RemovingSchema>

const ProjectsFileSchema = z.object({
  version: z.literal(PROJECTS_VERSION),
  projects: z.array(ProjectSchema).max(1000),
  removing: z.array(RemovingSchema).max(1000).default([])
})
export type ProjectsFileState = { projects: Project[]; removing: Removing[] }

export type WriteFile = (target: string, data: string) => Promise<void>

export function projectsFile(options: {
  dataDir: string
  logger: Logger
  clock: () => Date
  /** Tests stand in a write that fails, as a crash or a full disk would. */
  write?: WriteFile
}) {
  const file = join(options.dataDir, PROJECTS_FILE)
  const write = options.write ?? writeFileDurably
  return {
    /** The file's state; a missing file is no projects, a bad one is moved aside (never lost). */
    async read(): Promise<ProjectsFileState> {
      const read = await readJsonOrMoveAside({
        file,
        label: 'projects file',
        logger: options.logger,
        clock: options.clock,
        parse: (raw) => {
          const version = (raw as { version?: unknown } | null)?.version
          if (typeof version === 'number' && version > PROJECTS_VERSION)
            return { ok: false, reason: `it was written by a newer Cairn (version ${version})` }
          const parsed = ProjectsFileSchema.safeParse(raw)
          return parsed.success
            ? { ok: true, value: parsed.data }
            : { ok: false, reason: firstIssue(parsed.error.issues, 'invalid') }
        }
      })
      return read.kind === 'read' ? read.value : { projects: [], removing: [] }
    },
    async write(state: ProjectsFileState): Promise<void> {
      const body = ProjectsFileSchema.parse({ version: PROJECTS_VERSION, ...state })
      await write(file, JSON.stringify(body, null, 2) + '\n')
    }
  }
}
export type ProjectsFile = ReturnType<typeof projectsFile>
