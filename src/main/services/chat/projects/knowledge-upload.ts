import Anthropic, { toFile } from '@anthropic-ai/sdk'
import type {
  KnowledgeFile,
  KnowledgeUpload,
  Project,
  UploadFailure
} from '@shared/projects/projects'
import type { Logger } from '../../log/logger'
import { withUpload, type ProjectsForChat } from './projects-for-chat'

// A knowledge file's one upload to the Files API (beta), shared by the chats that start at once,
// and what is recorded when it fails: why the file goes inline instead, in the user's words.

export const FILES_API_BETA = 'files-api-2025-04-14'

export function createUploads(deps: { projects: ProjectsForChat; logger: Logger }) {
  /** Uploads under way, by project and file: two chats starting at once upload a file once. */
  const uploading = new Map<string, Promise<KnowledgeFile>>()

  function uploadOnce(
    project: Project,
    file: KnowledgeFile,
    bytes: Uint8Array,
    client: Anthropic,
    signal: AbortSignal,
    /** A Retry: a failure recorded before is tried again (an upload under way is still shared). */
    again = false
  ): Promise<KnowledgeFile> {
    // What the store says now: another chat may have uploaded it since this one read the project.
    const now = deps.projects.get(project.id)?.knowledge.find((k) => k.hash === file.hash)
    if (now && (now.fileId !== null || (now.inlineReason !== null && !again)))
      return Promise.resolve(now)
    const key = `${project.id}\n${file.hash}`
    let pending = uploading.get(key)
    if (!pending) {
      pending = upload(project, file, bytes, client, signal).finally(() => uploading.delete(key))
      uploading.set(key, pending)
    }
    // It rejects only when the chat that started it was stopped: this one then uploads itself.
    return pending.catch((error: unknown) => {
      if (signal.aborted) throw error
      return upload(project, file, bytes, client, signal)
    })
  }

  async function upload(
    project: Project,
    file: KnowledgeFile,
    bytes: Uint8Array,
    client: Anthropic,
    signal: AbortSignal
  ): Promise<KnowledgeFile> {
    try {
      const sent = await client.beta.files.upload(
        {
          file: await toFile(bytes, file.name, { type: uploadType(file) }),
          betas: [FILES_API_BETA]
        },
        { signal }
      )
      return await record(project, file, { fileId: sent.id, inlineReason: null })
    } catch (error) {
      if (signal.aborted) throw error
      deps.logger.warn('knowledge file not uploaded; sent inline where it fits', {
        status: error instanceof Anthropic.APIError ? error.status : null
      })
      return record(project, file, { fileId: null, ...whyInline(error) })
    }
  }

  async function record(project: Project, file: KnowledgeFile, upload: KnowledgeUpload) {
    await deps.projects.setKnowledgeUpload(project.id, file.hash, upload)
    return withUpload(file, upload)
  }

  return { uploadOnce }
}
export type Uploads = ReturnType<typeof createUploads>

/** The media type the Files API stores: text files as plain text (a document's text source). */
function uploadType(file: KnowledgeFile): string {
  return file.kind === 'text' ? 'text/plain' : file.mediaType
}

function whyInline(error: unknown): { inlineReason: string; uploadFailure: UploadFailure } {
  if (error instanceof Anthropic.APIError && error.status !== undefined) {
    if (error.status === 404 || error.status === 403)
      return {
        inlineReason: `This API endpoint has no Files API (HTTP ${error.status}), so the file is sent with every message.`,
        uploadFailure: 'unavailable'
      }
    if (error.status === 413)
      return {
        inlineReason: `The Files API refused the file as too large (HTTP 413: ${apiWords(error)}). A message cannot carry it inline either, so chats in the project go without it.`,
        uploadFailure: 'too-large'
      }
    return {
      inlineReason: `The upload to the Files API failed (HTTP ${error.status}: ${apiWords(error)}), so the file is sent with every message.`,
      uploadFailure: 'failed'
    }
  }
  const reason = error instanceof Error ? error.message : 'no answer'
  return {
    inlineReason: `The upload to the Files API failed (${brief(reason)}), so the file is sent with every message.`,
    uploadFailure: 'failed'
  }
}

/** The API's own words for an error (its body's message), not the SDK's "503 {json}". */
function apiWords(error: InstanceType<typeof Anthropic.APIError>): string {
  const body = error.error as { error?: { message?: unknown } } | undefined
  const said = body?.error?.message
  return brief(typeof said === 'string' && said ? said : error.message)
}

function brief(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}
