import { CairnError } from '@shared/errors'
import {
  KNOWLEDGE_LIMITS,
  withUpload,
  type KnowledgeFile,
  type KnowledgeUpload,
  type Project,
  type UpdateProjectInputSchema
} from '@shared/projects/projects'
import type { z } from 'zod'
import type { SpaceDescriptor } from '../memory-spaces/space-list'
import { pickedFolderOf } from './project-folders'

// What one edit makes of a project: each a new project (or a clear refusal), nothing written.

export function projectOf(
  space: SpaceDescriptor,
  name: string,
  instructions: string,
  now: Date
): Project {
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

export function withSettings(
  project: Project,
  input: z.output<typeof UpdateProjectInputSchema>
): Project {
  return {
    ...project,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
    ...(input.defaults !== undefined ? { defaults: input.defaults } : {})
  }
}

/** The files not yet in its knowledge added, within the project's caps. */
export function withKnowledgeAdded(project: Project, files: KnowledgeFile[]): Project {
  const known = new Set(project.knowledge.map((k) => k.hash))
  const knowledge = [...project.knowledge, ...files.filter((f) => !known.has(f.hash))]
  const bytes = knowledge.reduce((sum, k) => sum + k.size, 0)
  if (knowledge.length > KNOWLEDGE_LIMITS.files || bytes > KNOWLEDGE_LIMITS.totalBytes)
    throw new CairnError(
      'ATTACHMENT_REFUSED',
      `A project holds up to ${KNOWLEDGE_LIMITS.files} knowledge files, ${KNOWLEDGE_LIMITS.totalBytes / 1024 / 1024} MB in all. Remove some before adding more.`
    )
  return { ...project, knowledge }
}

export function withKnowledgeRemoved(project: Project, hash: string): Project {
  return { ...project, knowledge: project.knowledge.filter((k) => k.hash !== hash) }
}

export function withKnowledgeUploaded(
  project: Project,
  hash: string,
  upload: KnowledgeUpload
): Project {
  if (!project.knowledge.some((k) => k.hash === hash))
    throw new CairnError(
      'ATTACHMENT_MISSING',
      'That file is no longer in the project\u2019s knowledge.'
    )
  return {
    ...project,
    knowledge: project.knowledge.map((k) => (k.hash === hash ? withUpload(k, upload) : k))
  }
}

/** The store is called from main too (not only through the IPC door): inputs are checked here. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const first = parsed.error.issues[0]
  throw new CairnError('BAD_INPUT', first ? capitalise(first.message) + '.' : 'Invalid input.')
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
