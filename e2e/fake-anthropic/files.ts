import { randomBytes } from 'node:crypto'
import type { ErrorReply, RecordedRequest } from './script'

/*
 * The Files API (beta `files-api-2025-04-14`) as api.anthropic.com speaks it: POST /v1/files takes
 * multipart/form-data with one `file` part and answers the file's metadata
 * ({ id, type: 'file', filename, mime_type, size_bytes, created_at, downloadable: false });
 * GET /v1/files/{id} answers the same, DELETE /v1/files/{id} `{ id, type: 'file_deleted' }`.
 * A Messages request may then name a file instead of its bytes (`source: { type: 'file',
 * file_id }` in a document or image block), but only with the beta in `anthropic-beta`: without
 * it the API reads the block as the non-beta one and refuses the tag (wording seen from the real
 * API). A file that is not (or no longer) stored answers 404 not_found_error.
 * `available: false` plays an endpoint without the Files API (another provider, an old gateway):
 * every /v1/files call answers 404. `failUploads` makes the next uploads fail (a server error, a
 * 413 from a gateway's size limit, a dropped connection).
 */

export const FILES_BETA = 'files-api-2025-04-14'
/** The Files API's limit per file. */
export const FILE_MAX_BYTES = 500 * 1024 * 1024

type Json = Record<string, unknown>

export interface StoredFile {
  id: string
  filename: string
  mime_type: string
  bytes: Buffer
  created_at: string
}

export interface FakeFiles {
  /** false: this endpoint has no Files API (every /v1/files call answers 404). */
  available: boolean
  /** The files uploaded and still stored. */
  list(): StoredFile[]
  /** Deletes a file as its expiry (or another client) would; later requests naming it get 404. */
  expire(id: string): void
  /** How many uploads were accepted so far. */
  uploads(): number
  /**
   * The next uploads (POST /v1/files) fail with these, in order: a status (503, 413…) or a
   * dropped connection (`dropConnection: true`, a network error). Later uploads succeed.
   */
  failUploads(...faults: ErrorReply[]): void
}

export interface FilesAnswer {
  status: number
  body?: unknown
  error?: ErrorReply
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function createFakeFiles(options: { available?: boolean } = {}) {
  const files = new Map<string, StoredFile>()
  let uploads = 0
  const faults: ErrorReply[] = []
  const state: FakeFiles = {
    available: options.available !== false,
    list: () => [...files.values()],
    expire: (id) => void files.delete(id),
    uploads: () => uploads,
    failUploads: (...next) => void faults.push(...next)
  }
  const metadata = (file: StoredFile) => ({
    id: file.id,
    type: 'file',
    filename: file.filename,
    mime_type: file.mime_type,
    size_bytes: file.bytes.length,
    created_at: file.created_at,
    downloadable: false
  })
  const notFound = (id: string): FilesAnswer => ({
    status: 404,
    error: { kind: 'error', status: 404, message: `File not found: ${id}` }
  })

  /** The answer to a /v1/files request, or null when it is not one. */
  function handle(record: RecordedRequest, raw: Buffer): FilesAnswer | null {
    if (record.path !== '/v1/files' && !record.path.startsWith('/v1/files/')) return null
    if (!state.available)
      return { status: 404, error: { kind: 'error', status: 404, message: 'Not Found' } }
    if (!record.betas.includes(FILES_BETA))
      return invalid(
        `The Files API is in beta: add 'anthropic-beta: ${FILES_BETA}' to use ${record.path}.`
      )
    const id = decodeURIComponent(record.path.slice('/v1/files/'.length))
    if (record.method === 'POST' && record.path === '/v1/files') {
      const fault = faults.shift()
      if (fault) return { status: fault.status, error: fault }
      const part = filePart(record.headers['content-type'] ?? '', raw)
      if (typeof part === 'string') return invalid(part)
      if (part.bytes.length === 0) return invalid('file: The uploaded file is empty.')
      if (part.bytes.length > FILE_MAX_BYTES)
        return {
          status: 413,
          error: { kind: 'error', status: 413, message: 'File exceeds the maximum size of 500 MB.' }
        }
      const file: StoredFile = {
        id: `file_011${randomBytes(12).toString('base64url')}`,
        filename: part.filename,
        mime_type: part.mimeType,
        bytes: part.bytes,
        created_at: new Date().toISOString()
      }
      files.set(file.id, file)
      uploads += 1
      return { status: 200, body: metadata(file) }
    }
    const file = files.get(id)
    if (record.method === 'GET' && file) return { status: 200, body: metadata(file) }
    if (record.method === 'DELETE' && file) {
      files.delete(id)
      return { status: 200, body: { id, type: 'file_deleted' } }
    }
    return notFound(id)
  }

  /** A Messages request's file sources: the beta must be on, and every file stored. */
  function checkMessages(body: unknown, betas: readonly string[]): FilesAnswer | null {
    for (const { where, block, source } of fileSources(body)) {
      if (!betas.includes(FILES_BETA))
        return invalid(
          `${where}.${String(block.type)}.source: Input tag 'file' found using 'type' does not match any of the expected tags: 'base64', 'content', 'text', 'url'`
        )
      const id = source.file_id
      if (typeof id !== 'string' || id.length === 0)
        return invalid(`${where}.${String(block.type)}.source.file.file_id: Field required`)
      if (!files.has(id)) return notFound(id)
    }
    return null
  }

  /**
   * What the model reads for a block naming a file: the same content as had it been sent inline
   * (a file is stored, not summarised), so token counts compare like for like.
   */
  function inlineOf(block: Json): Json | null {
    const source = block.source
    if (!isObject(source) || source.type !== 'file') return null
    const file = files.get(String(source.file_id))
    if (!file) return null
    const inline =
      file.mime_type === 'text/plain'
        ? { type: 'text', media_type: 'text/plain', data: file.bytes.toString('utf8') }
        : { type: 'base64', media_type: file.mime_type, data: file.bytes.toString('base64') }
    return { ...block, source: inline }
  }

  return { state, handle, checkMessages, inlineOf }
}

function invalid(message: string): FilesAnswer {
  return { status: 400, error: { kind: 'error', status: 400, message } }
}

function fileSources(body: unknown): Array<{ where: string; block: Json; source: Json }> {
  const out: Array<{ where: string; block: Json; source: Json }> = []
  const messages = isObject(body) && Array.isArray(body.messages) ? body.messages : []
  messages.forEach((message, i) => {
    if (!isObject(message) || !Array.isArray(message.content)) return
    message.content.forEach((block, j) => {
      if (!isObject(block) || !isObject(block.source) || block.source.type !== 'file') return
      out.push({ where: `messages.${i}.content.${j}`, block, source: block.source })
    })
  })
  return out
}

/** The `file` part of a multipart/form-data body, or why there is none. */
function filePart(
  contentType: string,
  raw: Buffer
): { filename: string; mimeType: string; bytes: Buffer } | string {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  if (!/^multipart\/form-data/i.test(contentType) || !boundary)
    return 'Content-Type must be multipart/form-data.'
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  let at = raw.indexOf(delimiter)
  while (at >= 0) {
    const start = at + delimiter.length + 2 // past the CRLF after the delimiter
    const next = raw.indexOf(delimiter, start)
    if (next < 0) break
    const part = raw.subarray(start, next - 2) // without the CRLF before the next delimiter
    const split = part.indexOf('\r\n\r\n')
    const head = part.subarray(0, split).toString('utf8')
    if (/name="file"/i.test(head)) {
      const filename = /filename="([^"]*)"/i.exec(head)?.[1] ?? 'file'
      const mimeType = /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim()
      return {
        filename,
        mimeType: mimeType ?? 'application/octet-stream',
        bytes: Buffer.from(part.subarray(split + 4))
      }
    }
    at = next
  }
  return 'file: Field required'
}
