import type { Project, ProjectDefaults } from '@shared/projects/projects'
import type { AttachmentInfo } from '@shared/chat/attachments'
import {
  withUpload,
  type KnowledgeUpload,
  type ProjectsForChat
} from '../projects/projects-for-chat'

/*
 * Projects as chats see them (ProjectsForChat), kept in memory for the chat tests: the projects
 * store itself is tested with its own service. Every knowledge upload recorded is kept in order.
 */

export interface TestProjects extends ProjectsForChat {
  add(
    id: string,
    fields?: Partial<Pick<Project, 'name' | 'instructions'>> & {
      defaults?: ProjectDefaults
    }
  ): Project
  /** Adds a stored attachment (from `chat.attachments.addFile`) to a project's knowledge. */
  addKnowledge(id: string, file: AttachmentInfo): void
  setInstructions(id: string, instructions: string): void
  readonly recorded: Array<{ id: string; hash: string; upload: KnowledgeUpload }>
}

export function testProjects(): TestProjects {
  const projects = new Map<string, Project>()
  const recorded: TestProjects['recorded'] = []
  const must = (id: string): Project => {
    const project = projects.get(id)
    if (!project) throw new Error(`no project ${id}`)
    return project
  }
  return {
    recorded,
    get: (id) => projects.get(id),
    async setKnowledgeUpload(id, hash, upload) {
      recorded.push({ id, hash, upload })
      const project = must(id)
      project.knowledge = project.knowledge.map((f) =>
        f.hash === hash ? withUpload(f, upload) : f
      )
      return project
    },
    add(id, fields = {}) {
      const project: Project = {
        id,
        name: fields.name ?? id,
        instructions: fields.instructions ?? '',
        knowledge: [],
        defaults: fields.defaults ?? {},
        createdAt: '2026-01-01T00:00:00.000Z',
        folder: null,
        memoryFolder: `/tmp/${id}`
      }
      projects.set(id, project)
      return project
    },
    addKnowledge(id, { attachment }) {
      must(id).knowledge.push({
        hash: attachment.hash,
        name: attachment.name,
        kind: attachment.kind,
        mediaType: attachment.mediaType,
        size: attachment.size,
        addedAt: '2026-01-01T00:00:00.000Z',
        fileId: null,
        inlineReason: null
      })
    },
    setInstructions(id, instructions) {
      must(id).instructions = instructions
    }
  }
}
