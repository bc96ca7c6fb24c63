import { mkdir } from 'node:fs/promises'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { CairnError } from '@shared/errors'
import {
  CreateProjectInputSchema,
  KNOWLEDGE_LIMITS,
  UpdateProjectInputSchema,
  withUpload,
  type KnowledgeFile,
  type KnowledgeUpload,
  type Project,
  type ProjectId
} from '@shared/projects/projects'
import type { z } from 'zod'
import { Emitter } from '../events/emitter'
import { ensurePrivateDir } from '../fs/durable'
import type { Logger } from '../log/logger'
import type { SpaceDescriptor, SpaceList } from '../memory-spaces/space-list'
import { createProjectDeletes, type DeleteDeps } from './delete-project'
import { checkProjectFolder, newProjectId, pickedFolderOf, projectFolders } from './project-folders'
import { projectsFile, type ProjectsFileState, type WriteFile } from './projects-file'

// The projects (issue 38): one file, one writer. A project's id is its memory space's id; creating
// one registers its space first and then writes the project, deleting one writes the decision
// first and then undoes the space: `load` repairs what a crash between those steps left.

type DeletePreview = Awaited<ReturnType<ReturnType<typeof createProjectDeletes>['preview']>>
type DeleteResult = Awaited<ReturnType<ReturnType<typeof createProjectDeletes>['remove']>>

export interface ProjectsStore {
  /** Reads projects.json and repairs it against the list of spaces (call once, at start). */
  load(): Promise<void>
  /** Finishes deletes a crash interrupted (their chats move, their files go as chosen). */
  finishPending(): Promise<void>
  all(): Project[]
  get(id: ProjectId): Project | undefined
  create(input: z.input<typeof CreateProjectInputSchema>): Promise<Project>
  update(input: z.input<typeof UpdateProjectInputSchema>): Promise<Project>
  /** Whether a folder may hold a new project's memory, and where that memory would be. */
  checkFolder(folder: string): Promise<{ ok: true; folder: string } | { ok: false; reason: string }>
  deletePreview(id: ProjectId): Promise<DeletePreview>
  delete(input: { id: ProjectId; memory: 'keep' | 'archive' | 'delete' }): Promise<DeleteResult>
  addKnowledge(id: ProjectId, files: KnowledgeFile[]): Promise<Project>
  removeKnowledge(id: ProjectId, hash: string): Promise<Project>
  setKnowledgeUpload(id: ProjectId, hash: string, upload: KnowledgeUpload): Promise<Project>
  /** Every stored file some project's knowledge names (the attachment sweep keeps them). */
  knowledgeHashes(): string[]
  onChange(listener: (projects: Project[]) => void): () => void
  /** Stops what uses a removed project's space without holding it (its sync) before its close. */
  onRelease(release: (id: ProjectId) => Promise<void>): () => void
  dispose(): void
}

export interface ProjectsStoreDeps extends Omit<DeleteDeps, 'state' | 'commit'> {
  dataDir: string
  spaces: SpaceList
  logger: Logger
  clock?: () => Date
  /** Tests stand in a write of projects.json that fails. */
  write?: WriteFile
  /** The random part of a new id (tests pin it). */
  suffix?: () => string
  platform?: NodeJS.Platform
  home?: string
}

export function createProjectsStore(deps: ProjectsStoreDeps): ProjectsStore {
  const { dataDir, spaces, logger } = deps
  const clock = deps.clock ?? (() => new Date())
  const file = projectsFile({
    dataDir,
    logger,
    clock,
    ...(deps.write ? { write: deps.write } : {})
  })
  const changes = new Emitter<Project[]>((error) =>
    logger.warn('projects listener failed', { error })
  )
  let state: ProjectsFileState = { projects: [], removing: [] }
  // One writer: each change runs on the result of the last.
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

  const replace = (project: Project): ProjectsFileState => ({
    ...state,
    projects: state.projects.map((p) => (p.id === project.id ? project : p))
  })

  async function change(id: ProjectId, edit: (project: Project) => Project): Promise<Project> {
    return serial(async () => {
      const next = edit(need(id))
      await commit(replace(next))
      return next
    })
  }

  const checkFolder = (folder: string) =>
    checkProjectFolder(folder, {
      dataDir,
      spaces: spaces.all(),
      nameOf: (space) => state.projects.find((p) => p.id === space.id)?.name ?? space.name,
      ...(deps.platform ? { platform: deps.platform } : {}),
      ...(deps.home ? { home: deps.home } : {})
    })

  /** Repairs what a crash between two steps left (every repair is logged). */
  async function reconcile(): Promise<void> {
    const removing = new Set(state.removing.map((r) => r.id))
    const known = new Set(state.projects.map((p) => p.id))
    // A space without a project: a create that stopped after registering it. Its folder may
    // already hold notes (a folder the user picked): the project is made rather than lost.
    const adopted: Project[] = []
    for (const space of spaces.all()) {
      if (space.id === DEFAULT_SPACE_ID || known.has(space.id) || removing.has(space.id)) continue
      logger.warn('memory space without a project; the project is restored', { space: space.id })
      adopted.push(projectOf(space, space.name, '', clock()))
    }
    if (adopted.length) await commit({ ...state, projects: [...state.projects, ...adopted] })
    // A project without a space (the spaces file was lost): its space is registered again.
    for (const project of state.projects) {
      if (spaces.get(project.id)) continue
      logger.warn('project without a memory space; the space is registered again', {
        space: project.id
      })
      await spaces.add({
        id: project.id,
        name: project.name,
        ...projectFolders(dataDir, project.id, project.folder),
        folder: project.memoryFolder
      })
    }
  }

  const deletes = createProjectDeletes({
    ...deps,
    state: () => state,
    commit
  })

  return {
    async load() {
      await serial(async () => {
        state = await file.read()
        await reconcile()
      })
    },
    finishPending: () => serial(() => deletes.finishPending()),
    all: () => [...state.projects],
    get: (id) => state.projects.find((p) => p.id === id),
    checkFolder,
    create(raw) {
      return serial(async () => {
        const input = parseInput(CreateProjectInputSchema, raw)
        let picked: string | null = null
        if (input.folder !== undefined) {
          const checked = await checkFolder(input.folder)
          if (!checked.ok) throw new CairnError('SPACE_REFUSED', checked.reason)
          picked = checked.folder
        }
        const id = newProjectId(input.name, deps.suffix?.())
        const folders = projectFolders(dataDir, id, picked)
        await mkdir(folders.folder, { recursive: true })
        await ensurePrivateDir(folders.stateDir)
        // The space first: a crash before the project is written leaves a space `load` adopts.
        const space: SpaceDescriptor = { id, name: input.name, ...folders }
        await spaces.add(space)
        const project = projectOf(space, input.name, input.instructions ?? '', clock())
        try {
          await commit({ ...state, projects: [...state.projects, project] })
        } catch (error) {
          await spaces.remove(id).catch((undo: unknown) => {
            logger.warn('space of an unsaved project not removed; the next start keeps it', {
              error: undo
            })
          })
          throw error
        }
        return project
      })
    },
    async update(raw) {
      const input = parseInput(UpdateProjectInputSchema, raw)
      return change(input.id, (project) => ({
        ...project,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
        ...(input.defaults !== undefined ? { defaults: input.defaults } : {})
      }))
    },
    deletePreview: async (id) => deletes.preview(need(id)),
    delete: ({ id, memory }) => serial(async () => deletes.remove(need(id), memory)),
    addKnowledge(id, files) {
      return change(id, (project) => {
        const known = new Set(project.knowledge.map((k) => k.hash))
        const knowledge = [...project.knowledge, ...files.filter((f) => !known.has(f.hash))]
        const bytes = knowledge.reduce((sum, k) => sum + k.size, 0)
        if (knowledge.length > KNOWLEDGE_LIMITS.files || bytes > KNOWLEDGE_LIMITS.totalBytes)
          throw new CairnError(
            'ATTACHMENT_REFUSED',
            `A project holds up to ${KNOWLEDGE_LIMITS.files} knowledge files, ${KNOWLEDGE_LIMITS.totalBytes / 1024 / 1024} MB in all. Remove some before adding more.`
          )
        return { ...project, knowledge }
      })
    },
    removeKnowledge(id, hash) {
      return change(id, (project) => ({
        ...project,
        knowledge: project.knowledge.filter((k) => k.hash !== hash)
      }))
    },
    setKnowledgeUpload(id, hash, upload) {
      return change(id, (project) => {
        if (!project.knowledge.some((k) => k.hash === hash))
          throw new CairnError(
            'ATTACHMENT_MISSING',
            'That file is no longer in the project\u2019s knowledge.'
          )
        return {
          ...project,
          knowledge: project.knowledge.map((k) => (k.hash === hash ? withUpload(k, upload) : k))
        }
      })
    },
    knowledgeHashes: () => state.projects.flatMap((p) => p.knowledge.map((k) => k.hash)),
    onChange: (listener) => changes.on(listener),
    onRelease: (release) => deletes.onRelease(release),
    dispose: () => changes.clear()
  }
}

function projectOf(space: SpaceDescriptor, name: string, instructions: string, now: Date): Project {
  return {
    id: space.id,
    name,
    instructions,
    knowledge: [],
    defaults: {},
    createdAt: now.toISOString(),
    folder: pickedFolderOf(space),
    memoryFolder: space.folder
  }
}

/** The store is called from main too (not only through the IPC door): inputs are checked here. */
function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const first = parsed.error.issues[0]
  throw new CairnError('BAD_INPUT', first ? capitalise(first.message) + '.' : 'Invalid input.')
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
