import { mkdir } from 'node:fs/promises'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { CairnError } from '@shared/errors'
import {
  CreateProjectInputSchema,
  UpdateProjectInputSchema,
  type KnowledgeFile,
  type KnowledgeUpload,
  type Project,
  type ProjectId
} from '@shared/projects/projects'
import type { z } from 'zod'
import { ensurePrivateDir } from '../fs/durable'
import type { Logger } from '../log/logger'
import type { SpaceDescriptor, SpaceList } from '../memory-spaces/space-list'
import { createProjectDeletes, type DeleteDeps } from './delete-project'
import {
  parseInput,
  projectOf,
  withKnowledgeAdded,
  withKnowledgeRemoved,
  withKnowledgeUploaded,
  withSettings
} from './project-edits'
import { checkProjectFolder, newProjectId, projectFolders } from './project-folders'
import { projectsFile, type WriteFile } from './projects-file'
import { createProjectsLedger, type ProjectsLedger } from './projects-ledger'

// The projects (issue 38): one file, one writer. A project's id is its memory space's id; creating
// one registers its space first and then writes the project, deleting one writes the decision
// first and then undoes the space: `load` repairs what a crash between those steps left. The
// state and its one writer are in projects-ledger.ts, what each edit makes in project-edits.ts.

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

type CheckFolder = ProjectsStore['checkFolder']

/** Repairs what a crash between two steps left (every repair is logged). */
async function reconcile(
  deps: Pick<ProjectsStoreDeps, 'dataDir' | 'spaces' | 'logger'>,
  ledger: ProjectsLedger,
  now: Date
): Promise<void> {
  const { spaces, logger } = deps
  const state = ledger.state()
  const removing = new Set(state.removing.map((r) => r.id))
  const known = new Set(state.projects.map((p) => p.id))
  // A space without a project: a create that stopped after registering it. Its folder may
  // already hold notes (a folder the user picked): the project is made rather than lost.
  const adopted: Project[] = []
  for (const space of spaces.all()) {
    if (space.id === DEFAULT_SPACE_ID || known.has(space.id) || removing.has(space.id)) continue
    logger.warn('memory space without a project; the project is restored', { space: space.id })
    adopted.push(projectOf(space, space.name, '', now))
  }
  if (adopted.length) await ledger.commit({ ...state, projects: [...state.projects, ...adopted] })
  // A project without a space (the spaces file was lost): its space is registered again.
  for (const project of ledger.state().projects) {
    if (spaces.get(project.id)) continue
    logger.warn('project without a memory space; the space is registered again', {
      space: project.id
    })
    await spaces.add({
      id: project.id,
      name: project.name,
      ...projectFolders(deps.dataDir, project.id, project.folder),
      folder: project.memoryFolder
    })
  }
}

/** A new project: its folders, then its space, then the project (a failed write undoes the space). */
async function createProject(
  deps: ProjectsStoreDeps,
  ledger: ProjectsLedger,
  checkFolder: CheckFolder,
  raw: z.input<typeof CreateProjectInputSchema>,
  now: () => Date
): Promise<Project> {
  const { spaces, logger } = deps
  const input = parseInput(CreateProjectInputSchema, raw)
  let picked: string | null = null
  if (input.folder !== undefined) {
    const checked = await checkFolder(input.folder)
    if (!checked.ok) throw new CairnError('SPACE_REFUSED', checked.reason)
    picked = checked.folder
  }
  const id = newProjectId(input.name, deps.suffix?.())
  const folders = projectFolders(deps.dataDir, id, picked)
  await mkdir(folders.folder, { recursive: true })
  await ensurePrivateDir(folders.stateDir)
  // The space first: a crash before the project is written leaves a space `load` adopts.
  const space: SpaceDescriptor = { id, name: input.name, ...folders }
  await spaces.add(space)
  const project = projectOf(space, input.name, input.instructions ?? '', now())
  try {
    const state = ledger.state()
    await ledger.commit({ ...state, projects: [...state.projects, project] })
  } catch (error) {
    await spaces.remove(id).catch((undo: unknown) => {
      logger.warn('space of an unsaved project not removed; the next start keeps it', {
        error: undo
      })
    })
    throw error
  }
  return project
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
  const ledger = createProjectsLedger(file, logger)
  const { serial, need, change } = ledger
  const projects = () => ledger.state().projects

  const checkFolder: CheckFolder = (folder) =>
    checkProjectFolder(folder, {
      dataDir,
      spaces: spaces.all(),
      nameOf: (space) => projects().find((p) => p.id === space.id)?.name ?? space.name,
      ...(deps.platform ? { platform: deps.platform } : {}),
      ...(deps.home ? { home: deps.home } : {})
    })

  const deletes = createProjectDeletes({ ...deps, state: ledger.state, commit: ledger.commit })

  return {
    async load() {
      await serial(async () => {
        await ledger.read()
        await reconcile(deps, ledger, clock())
      })
    },
    finishPending: () => serial(() => deletes.finishPending()),
    all: () => [...projects()],
    get: (id) => projects().find((p) => p.id === id),
    checkFolder,
    create: (raw) => serial(() => createProject(deps, ledger, checkFolder, raw, clock)),
    async update(raw) {
      const input = parseInput(UpdateProjectInputSchema, raw)
      return change(input.id, (project) => withSettings(project, input))
    },
    deletePreview: async (id) => deletes.preview(need(id)),
    delete: ({ id, memory }) => serial(async () => deletes.remove(need(id), memory)),
    addKnowledge: (id, files) => change(id, (project) => withKnowledgeAdded(project, files)),
    removeKnowledge: (id, hash) => change(id, (project) => withKnowledgeRemoved(project, hash)),
    setKnowledgeUpload: (id, hash, upload) =>
      change(id, (project) => withKnowledgeUploaded(project, hash, upload)),
    knowledgeHashes: () => projects().flatMap((p) => p.knowledge.map((k) => k.hash)),
    onChange: (listener) => ledger.onChange(listener),
    onRelease: (release) => deletes.onRelease(release),
    dispose: () => ledger.dispose()
  }
}
