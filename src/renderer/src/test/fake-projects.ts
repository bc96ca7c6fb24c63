import type { Conversation } from '@shared/chat/chat'
import {
  withUpload,
  type KnowledgeFile,
  type KnowledgeUpload,
  type Project
} from '@shared/projects/projects'
import type { SearchAllResult } from '@shared/memory/across-spaces'
import { CairnError } from '@shared/errors'

type Emit = (event: 'projects:changed', payload: unknown) => void

/** What the next projects:pick-folder answers (main's folder dialog and its check). */
export interface FolderAnswer {
  folder: string | null
  memoryFolder: string | null
  refused: string | null
}

/** Projects for renderer tests: a list, the folder dialog's answer, knowledge "uploads". */
export function createFakeProjects(emit: Emit, conversations: Map<string, Conversation>) {
  const projects: Project[] = []
  const control = {
    folder: { folder: null, memoryFolder: null, refused: null } as FolderAnswer,
    /** The knowledge files the next add-knowledge "picks", and the ones it refuses. */
    knowledge: [] as KnowledgeFile[],
    refused: [] as { name: string; message: string }[],
    /** What the next projects:retry-knowledge records on the file. */
    retried: { fileId: 'file_retried', inlineReason: null } as KnowledgeUpload,
    /** The memory files a delete preview lists. */
    files: ['/memories/notes.md'],
    /** What memory:search-all answers (null: every space searched, nothing found). */
    searchAll: null as SearchAllResult | null
  }
  let next = 1
  const need = (id: string) => {
    const project = projects.find((p) => p.id === id)
    if (!project) throw new CairnError('BAD_INPUT', 'There is no such project.')
    return project
  }
  const spaceList = () => ({
    spaces: [
      { id: 'default', name: 'No project', folder: '/home/test/.config/Cairn/memories' },
      ...projects.map((p) => ({ id: p.id, name: p.name, folder: p.memoryFolder }))
    ]
  })
  const changed = () => emit('projects:changed', { projects })
  const chatsOf = (id: string) => [...conversations.values()].filter((c) => c.space === id)
  const handlers = {
    'projects:list': () => ({ projects }),
    'projects:create': (input: { name: string; instructions?: string; folder?: string }) => {
      if (projects.some((p) => p.name === input.name))
        throw new CairnError('BAD_INPUT', `There is already a project named “${input.name}”.`)
      const id = `p${next++}`
      const project: Project = {
        id,
        name: input.name,
        instructions: input.instructions ?? '',
        knowledge: [],
        defaults: {},
        createdAt: new Date().toISOString(),
        folder: input.folder ?? null,
        memoryFolder: input.folder
          ? `${input.folder}/.cairn/memories`
          : `/home/test/.config/Cairn/spaces/${id}/memories`
      }
      projects.push(project)
      changed()
      return project
    },
    'projects:update': (input: {
      id: string
      name?: string
      instructions?: string
      defaults?: Project['defaults']
    }) => {
      const project = need(input.id)
      if (input.name !== undefined) project.name = input.name
      if (input.instructions !== undefined) project.instructions = input.instructions
      if (input.defaults !== undefined) project.defaults = input.defaults
      changed()
      return project
    },
    'projects:pick-folder': () => control.folder,
    'projects:delete-preview': ({ id }: { id: string }) => {
      const project = need(id)
      return {
        id,
        name: project.name,
        chats: chatsOf(id).length,
        memoryFolder: project.memoryFolder,
        userFolder: project.folder !== null,
        files: control.files,
        more: 0
      }
    },
    'projects:delete': ({ id, memory }: { id: string; memory: string }) => {
      need(id)
      const moved = chatsOf(id)
      for (const c of moved) delete c.space
      projects.splice(
        projects.findIndex((p) => p.id === id),
        1
      )
      changed()
      return {
        chatsMoved: moved.length,
        archivedTo: memory === 'archive' ? `/home/test/.config/Cairn/archive/${id}.cairnmem` : null
      }
    },
    'projects:add-knowledge': ({ id }: { id: string }) => {
      const project = need(id)
      project.knowledge.push(...control.knowledge)
      changed()
      return { project, refused: control.refused }
    },
    'projects:remove-knowledge': ({ id, hash }: { id: string; hash: string }) => {
      const project = need(id)
      project.knowledge = project.knowledge.filter((k) => k.hash !== hash)
      changed()
      return project
    },
    'projects:retry-knowledge': ({ id, hash }: { id: string; hash: string }) => {
      const project = need(id)
      const answer = control.retried
      project.knowledge = project.knowledge.map((k) =>
        k.hash === hash ? withUpload(k, answer) : k
      )
      changed()
      return project
    },
    'memory:spaces': () => spaceList(),
    'memory:search-all': () =>
      control.searchAll ?? {
        spaces: spaceList().spaces.map((s) => ({
          space: s.id,
          name: s.name,
          result: { files: [], offset: 0, matchedFiles: 0, searchedFiles: 0, skipped: 0 },
          failed: null
        }))
      }
  }
  return { projects, handlers, control }
}
