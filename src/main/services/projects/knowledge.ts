import { formatBytes, type PickAttachmentsOutput } from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'
import { KNOWLEDGE_LIMITS, type KnowledgeFile, type ProjectId } from '@shared/projects/projects'
import type { ProjectsStore } from './projects-store'

// Knowledge comes in exactly as a chat's attachments do (the OS dialog, the same checks by
// content and size, the same store by hash); uploading to the Files API happens elsewhere, so a
// file starts with no file id and no reason for being inline.

export async function addKnowledgeFromDialog(
  store: Pick<ProjectsStore, 'get' | 'addKnowledge'>,
  pick: () => Promise<PickAttachmentsOutput>,
  id: ProjectId,
  now: () => Date = () => new Date()
) {
  const project = store.get(id)
  if (!project)
    throw new CairnError(
      'SPACE_NOT_FOUND',
      'That project no longer exists. It may have been deleted; pick another one.'
    )
  const picked = await pick()
  const refused = [...picked.refused]
  const files: KnowledgeFile[] = []
  const hashes = new Set(project.knowledge.map((k) => k.hash))
  let count = project.knowledge.length
  let bytes = project.knowledge.reduce((sum, k) => sum + k.size, 0)
  for (const { attachment } of picked.added) {
    const { name, hash, size } = attachment
    if (hashes.has(hash)) {
      refused.push({ name, message: `"${name}" is in this project's knowledge already.` })
      continue
    }
    if (count + 1 > KNOWLEDGE_LIMITS.files || bytes + size > KNOWLEDGE_LIMITS.totalBytes) {
      refused.push({
        name,
        message: `"${name}" does not fit: a project holds up to ${KNOWLEDGE_LIMITS.files} files, ${formatBytes(KNOWLEDGE_LIMITS.totalBytes)} in all. Remove some knowledge first.`
      })
      continue
    }
    hashes.add(hash)
    count += 1
    bytes += size
    files.push({
      hash,
      name,
      kind: attachment.kind,
      mediaType: attachment.mediaType,
      size,
      addedAt: now().toISOString(),
      fileId: null,
      inlineReason: null
    })
  }
  const updated = files.length ? await store.addKnowledge(id, files) : project
  return { project: updated, refused }
}
