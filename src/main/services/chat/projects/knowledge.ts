import Anthropic from '@anthropic-ai/sdk'
import type {
  BetaContentBlockParam,
  BetaMessageParam
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { API_LIMITS, ATTACHMENT_LIMITS, type AttachmentBlock } from '@shared/chat/attachments'
import type { KnowledgeFile, Project, ProjectId } from '@shared/projects/projects'
import { CairnError } from '@shared/errors'
import type { Logger } from '../../log/logger'
import { attachmentToApi } from '../attachments'
import { requestBytesOf } from '../attachments/limits'
import { createUploads } from './knowledge-upload'
import type { ProjectsForChat } from './projects-for-chat'

/*
 * A project's knowledge in its chats' requests (issue 38). Each file is uploaded once through the
 * Files API (beta) and named by `file_id` from then on, so a long PDF is not re-sent with every
 * message; where the upload fails or the API has no Files API, the file goes inline (as
 * attachments are sent) and the reason is recorded, so the project can show the cost and offer
 * Retry. A failed file a request cannot carry inline (refused as too large, or past the request's
 * size with the others) is left out, and Claude is told which and why. The
 * knowledge leads the first user message (documents belong in user turns), after the stable
 * tools and system text and before the conversation: one cache breakpoint at its end lets every
 * request of every turn read it from the prompt cache.
 */

export { FILES_API_BETA } from './knowledge-upload'

export interface KnowledgeForRequest {
  blocks: BetaContentBlockParam[]
  /** The Files API ids the blocks name (the request needs the beta when there are any). */
  fileIds: string[]
  /** What the blocks say, for the frame: when it changes, the history before it changed. */
  key: string
}

export interface Knowledge {
  /** The project's knowledge as this request sends it, uploading what was not uploaded yet. */
  forRequest(project: Project, client: Anthropic, signal: AbortSignal): Promise<KnowledgeForRequest>
  /**
   * After a request was refused: when the API no longer knows a file it named (deleted, expired),
   * forgets those ids so the next `forRequest` uploads the files again. True when it did.
   */
  forgetMissing(project: Project, sent: KnowledgeForRequest, error: unknown): Promise<boolean>
  /**
   * Uploads a file again now (the project's Retry, after a failed upload); the project as it is
   * after, the outcome (a new failure, its reason) recorded on the file. A file no longer in the
   * project, or uploaded meanwhile, is left as it is.
   */
  retry(id: ProjectId, hash: string, client: Anthropic): Promise<Project | undefined>
}

export function createKnowledge(deps: {
  projects: ProjectsForChat
  read: (hash: string) => Promise<Uint8Array | null>
  logger: Logger
}): Knowledge {
  const uploads = createUploads(deps)

  return {
    async forRequest(project, client, signal) {
      const blocks: BetaContentBlockParam[] = []
      const fileIds: string[] = []
      const key: string[] = []
      const fits = inlineFits()
      for (const listed of project.knowledge) {
        const bytes = await deps.read(listed.hash)
        if (!bytes) {
          blocks.push(attachmentToApi(attachmentOf(listed), undefined))
          key.push(`${listed.hash}:missing`)
          continue
        }
        // Uploaded once: a file with an id, or one that was refused (its reason kept), is not.
        const file =
          listed.fileId === null && listed.inlineReason === null
            ? await uploads.uploadOnce(project, listed, bytes, client, signal)
            : listed
        if (file.fileId) {
          blocks.push(fileBlock(file, file.fileId))
          fileIds.push(file.fileId)
          key.push(`${file.hash}:${file.fileId}`)
        } else if (fits(file)) {
          blocks.push(attachmentToApi(attachmentOf(file), bytes))
          key.push(`${file.hash}:inline`)
        } else {
          blocks.push({ type: 'text', text: leftOutNote(file) })
          key.push(`${file.hash}:left-out`)
        }
      }
      if (blocks.length > 0)
        blocks.push({
          type: 'text',
          text: `Above: the knowledge of the project “${project.name}”, files the user added to the project for every chat in it (not to this message).`,
          cache_control: { type: 'ephemeral' }
        })
      return { blocks, fileIds, key: key.join('\n') }
    },
    forgetMissing: (project, sent, error) => forgetMissing(deps.projects, project, sent, error),
    async retry(id, hash, client) {
      const project = deps.projects.get(id)
      const file = project?.knowledge.find((k) => k.hash === hash)
      if (!project || !file || file.fileId !== null) return project
      const bytes = await deps.read(hash)
      if (!bytes)
        throw new CairnError(
          'ATTACHMENT_MISSING',
          `“${file.name}” is no longer stored on this computer, so it cannot be uploaded. Remove it from the project's knowledge and add the file again.`
        )
      await uploads.uploadOnce(project, file, bytes, client, new AbortController().signal, true)
      return deps.projects.get(id)
    }
  }
}

/**
 * After a request was refused: when the API no longer knows a file it named (deleted, expired),
 * forgets those ids so the next request uploads the files again. True when it did.
 */
async function forgetMissing(
  projects: ProjectsForChat,
  project: Project,
  sent: KnowledgeForRequest,
  error: unknown
): Promise<boolean> {
  if (!(error instanceof Anthropic.APIError) || error.status !== 404) return false
  if (sent.fileIds.length === 0) return false
  // The API names the file it could not find. A 404 about something else (a retired
  // model) uploads nothing; one about a file it does not name makes all of ours suspect.
  const named = sent.fileIds.filter((id) => error.message.includes(id))
  if (named.length === 0 && !/\bfile\b/i.test(error.message)) return false
  const missing = named.length > 0 ? named : sent.fileIds
  for (const file of project.knowledge)
    if (file.fileId && missing.includes(file.fileId))
      await projects.setKnowledgeUpload(project.id, file.hash, {
        fileId: null,
        inlineReason: null
      })
  return true
}

/**
 * The request with the project's knowledge leading its first user message — or the first after
 * the last compaction, since the API drops what comes before a compaction block.
 */
export function withKnowledge(
  messages: BetaMessageParam[],
  knowledge: KnowledgeForRequest | null | undefined
): BetaMessageParam[] {
  if (!knowledge || knowledge.blocks.length === 0) return messages
  const at = messages.findLastIndex(hasCompaction) + 1
  const target = messages[at]
  const before = messages.slice(0, at)
  if (target?.role !== 'user')
    return [...before, { role: 'user', content: knowledge.blocks }, ...messages.slice(at)]
  const content =
    typeof target.content === 'string'
      ? [{ type: 'text' as const, text: target.content }]
      : target.content
  return [
    ...before,
    { ...target, content: [...knowledge.blocks, ...content] },
    ...messages.slice(at + 1)
  ]
}

function hasCompaction(message: BetaMessageParam): boolean {
  return Array.isArray(message.content) && message.content.some((b) => b.type === 'compaction')
}

function fileBlock(file: KnowledgeFile, fileId: string): BetaContentBlockParam {
  if (file.kind === 'image') return { type: 'image', source: { type: 'file', file_id: fileId } }
  return { type: 'document', source: { type: 'file', file_id: fileId }, title: file.name }
}

function attachmentOf(file: KnowledgeFile) {
  return {
    type: 'attachment' as const,
    hash: file.hash,
    kind: file.kind,
    mediaType: file.mediaType,
    name: file.name,
    size: file.size
  }
}

/** The Files API's room per request, less what Cairn keeps for the conversation around it. */
const INLINE_BUDGET = API_LIMITS.requestBytes - ATTACHMENT_LIMITS.requestHeadroomBytes

/**
 * Which failed uploads go inline: in order, while together they fit a request, never one the
 * Files API refused as too large (inline it would be larger still). Both the request and the
 * send's limits check ask this, so they agree on what is sent.
 */
function inlineFits(): (file: KnowledgeFile) => boolean {
  let used = 0
  return (file) => {
    if (file.uploadFailure === 'too-large') return false
    const bytes = requestBytesOf(attachmentOf(file))
    if (used + bytes > INLINE_BUDGET) return false
    used += bytes
    return true
  }
}

/** What Claude reads in place of a file the request could not carry. */
function leftOutNote(file: KnowledgeFile): string {
  return `(The project's knowledge file “${file.name}” is not in this request: its upload to the Files API failed, and it is too large to send inline. The user can choose Retry beside it in the project's settings.)`
}

/**
 * The project's knowledge as the API's per-request limits count it: its pages and images always,
 * its bytes only where a file goes inline (a `file_id` adds none; a file not uploaded yet is
 * expected to be); a file left out (too large to go inline) adds nothing.
 */
export async function knowledgeInRequest(
  project: Project | null,
  stored: (ref: { hash: string; name: string }) => Promise<AttachmentBlock | null>
): Promise<AttachmentBlock[]> {
  const blocks: AttachmentBlock[] = []
  const fits = inlineFits()
  for (const file of project?.knowledge ?? []) {
    const block = await stored(file)
    if (!block) continue
    if (file.inlineReason === null) blocks.push({ ...block, size: 0 })
    else if (fits(file)) blocks.push(block)
    // Left out of the request (too large to go inline): it adds nothing to it.
  }
  return blocks
}
