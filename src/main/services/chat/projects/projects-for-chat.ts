import type { Conversation } from '@shared/chat/chat'
import type { KnowledgeUpload, Project, ProjectId } from '@shared/projects/projects'

export { withUpload, type KnowledgeUpload } from '@shared/projects/projects'

/*
 * What chats need of the projects store (issue 38), and no more: a chat's project (its defaults,
 * instructions and knowledge, read at each request so an edit applies to the next message) and
 * where a knowledge file's upload to the Files API is recorded.
 */

export interface ProjectsForChat {
  get(id: ProjectId): Project | undefined
  setKnowledgeUpload(id: ProjectId, hash: string, upload: KnowledgeUpload): Promise<Project>
}

/** The chat's project as it is now; null outside projects (or when it was deleted). */
export function projectOf(
  conversation: Pick<Conversation, 'space'>,
  projects: ProjectsForChat | undefined
): Project | null {
  if (!conversation.space || !projects) return null
  return projects.get(conversation.space) ?? null
}
