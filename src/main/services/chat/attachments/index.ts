import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  ATTACHMENT_LIMITS,
  formatBytes,
  type AddAttachmentInput,
  type AttachmentBlock,
  type AttachmentInfo,
  type PickAttachmentsOutput,
  type SendAttachment
} from '@shared/chat/attachments'
import type { ChatMessage, Conversation } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import type { Logger } from '../../log/logger'
import { detectType } from './detect'
import { fitImage, thumbnailOf } from './image'
import { attachmentsOf, checkRequestLimits } from './limits'
import { checkPdf } from './pdf'
import { quoted, refused } from './refusal'
import { createBlobStore, type StoredFile } from './store'
import type { AttachmentBytes } from './to-api'

/*
 * Attachments as conversation data: files come in once (pasted or dropped bytes from the page,
 * or paths from the OS open dialog), are checked by content and fitted to the API here in main,
 * stored content-addressed beside the conversations, and named by hash in the messages.
 */

/** The OS open dialog (main's dialog.showOpenDialog); the paths picked, none when cancelled. */
export type PickFiles = () => Promise<string[]>

export interface AttachmentService {
  add(input: AddAttachmentInput): Promise<AttachmentInfo>
  /** Bytes from elsewhere in main (an MCP resource), with the same checks as a pasted file. */
  addFile(name: string, bytes: Uint8Array): Promise<AttachmentInfo>
  pick(): Promise<PickAttachmentsOutput>
  preview(hash: string): Promise<{ thumbnail: string | null }>
  /**
   * The blocks for a new message; refuses files not stored and what the API would refuse, counting
   * what else every request carries (`alsoSent`: the project's knowledge).
   */
  blocksForSend(
    attachments: readonly SendAttachment[],
    conversation: Pick<Conversation, 'messages'>,
    text: string,
    alsoSent?: readonly AttachmentBlock[]
  ): Promise<AttachmentBlock[]>
  /** A stored file as a block, null when it is not stored. */
  stored(ref: SendAttachment): Promise<AttachmentBlock | null>
  /** The bytes of one stored file (a project's knowledge), null when it is not stored. */
  read(hash: string): Promise<Uint8Array | null>
  /** The bytes of every file the messages name (missing ones are left out). */
  load(messages: readonly ChatMessage[]): Promise<AttachmentBytes>
  /** Removes the files of a deleted conversation that no remaining conversation names. */
  release(removed: Conversation, remaining: readonly Conversation[]): Promise<void>
  /** Removes files no conversation names that were stored before `before` (ms since epoch). */
  sweep(conversations: readonly Conversation[], before: number): Promise<number>
}

/**
 * The file system stamps mtimes from a coarse clock that can lag Date.now() by a few ms, so a file
 * added just after the start could look older than it. Only files older by more than this go.
 */
const MTIME_SLACK_MS = 2_000

export function createAttachmentService(options: {
  dir: string
  logger: Logger
  pickFiles?: PickFiles | undefined
  /** Files named outside conversations (projects' knowledge): never released or swept. */
  alsoKept?: (() => Iterable<string>) | undefined
}): AttachmentService {
  const blobs = createBlobStore(options.dir)
  const logger = options.logger
  const alsoKept = options.alsoKept ?? (() => [])

  async function take(name: string, bytes: Uint8Array): Promise<AttachmentInfo> {
    if (bytes.length > ATTACHMENT_LIMITS.fileBytes)
      throw refused(
        `${quoted(name)} is ${formatBytes(bytes.length)}; Cairn takes files up to ${formatBytes(ATTACHMENT_LIMITS.fileBytes)}. Attach a smaller file.`
      )
    const { kind, mediaType } = await detectType(name, bytes)
    let stored: StoredFile
    let note: string | null = null
    let thumbnail: string | null = null
    if (kind === 'image') {
      const fitted = await fitImage(name, bytes, mediaType)
      note = fitted.note
      thumbnail = await thumbnailOf(fitted.bytes)
      stored = await blobs.put(
        fitted.bytes,
        { kind, mediaType: fitted.mediaType, width: fitted.width, height: fitted.height },
        thumbnail
      )
    } else if (kind === 'pdf') {
      const { pages } = checkPdf(name, bytes)
      stored = await blobs.put(
        bytes,
        { kind, mediaType, ...(pages === null ? {} : { pages }) },
        null
      )
    } else {
      stored = await blobs.put(bytes, { kind, mediaType }, null)
    }
    return { attachment: blockOf(stored, name), thumbnail, note }
  }

  async function storedBlock(ref: SendAttachment): Promise<AttachmentBlock> {
    const meta = await blobs.meta(ref.hash)
    if (!meta)
      throw new CairnError(
        'ATTACHMENT_MISSING',
        `${quoted(ref.name)} is no longer stored. Remove it from the message and attach it again.`
      )
    return blockOf({ hash: ref.hash, meta }, ref.name)
  }

  return {
    async add({ name, data }) {
      return take(name, Buffer.from(data, 'base64'))
    },
    addFile: take,
    async pick() {
      if (!options.pickFiles)
        throw new CairnError(
          'INTERNAL',
          'Choosing files is not available here. Paste or drop the file instead.'
        )
      const paths = await options.pickFiles()
      const result: PickAttachmentsOutput = { added: [], refused: [] }
      for (const path of paths) {
        const name = basename(path)
        try {
          // Size first: a huge file is refused without being read.
          const info = await stat(path)
          if (!info.isFile()) throw refused(`${quoted(name)} is not a file.`)
          if (info.size > ATTACHMENT_LIMITS.fileBytes)
            throw refused(
              `${quoted(name)} is ${formatBytes(info.size)}; Cairn takes files up to ${formatBytes(ATTACHMENT_LIMITS.fileBytes)}. Attach a smaller file.`
            )
          result.added.push(await take(name, await readFile(path)))
        } catch (error) {
          const message =
            error instanceof CairnError
              ? error.detail
              : `${quoted(name)} could not be read (${(error as NodeJS.ErrnoException).code ?? 'read error'}). Check that it still exists and that you may open it.`
          if (!(error instanceof CairnError)) logger.warn('attachment not read', { error })
          result.refused.push({ name, message })
        }
      }
      return result
    },
    async preview(hash) {
      return { thumbnail: await blobs.thumbnail(hash) }
    },
    async blocksForSend(attachments, conversation, text, alsoSent = []) {
      const blocks: AttachmentBlock[] = []
      for (const ref of attachments) blocks.push(await storedBlock(ref))
      checkRequestLimits(
        [...alsoSent, ...attachmentsOf(conversation.messages)],
        blocks,
        Buffer.byteLength(text)
      )
      return blocks
    },
    async stored(ref) {
      const meta = await blobs.meta(ref.hash)
      return meta ? blockOf({ hash: ref.hash, meta }, ref.name) : null
    },
    read: (hash) => blobs.read(hash),
    async load(messages) {
      const bytes = new Map<string, Uint8Array>()
      for (const block of attachmentsOf(messages)) {
        if (bytes.has(block.hash)) continue
        const data = await blobs.read(block.hash)
        if (data) bytes.set(block.hash, data)
        else logger.warn('attachment missing from the store', { hash: block.hash })
      }
      return bytes
    },
    async release(removed, remaining) {
      const kept = referenced(remaining, alsoKept())
      for (const block of attachmentsOf(removed.messages))
        if (!kept.has(block.hash)) await blobs.remove(block.hash)
    },
    async sweep(conversations, before) {
      const kept = referenced(conversations, alsoKept())
      let removed = 0
      for (const { hash, mtimeMs } of await blobs.list()) {
        if (kept.has(hash) || mtimeMs >= before - MTIME_SLACK_MS) continue
        await blobs.remove(hash)
        removed += 1
      }
      return removed
    }
  }
}

function referenced(conversations: readonly Conversation[], more: Iterable<string>): Set<string> {
  const kept = new Set(conversations.flatMap((c) => attachmentsOf(c.messages).map((b) => b.hash)))
  for (const hash of more) kept.add(hash)
  return kept
}

function blockOf(stored: StoredFile, name: string): AttachmentBlock {
  const { meta } = stored
  return {
    type: 'attachment',
    hash: stored.hash,
    kind: meta.kind,
    mediaType: meta.mediaType,
    name: name.slice(0, ATTACHMENT_LIMITS.nameChars) || 'file',
    size: meta.size,
    ...(meta.width === undefined ? {} : { width: meta.width }),
    ...(meta.height === undefined ? {} : { height: meta.height }),
    ...(meta.pages === undefined ? {} : { pages: meta.pages })
  }
}

export type { AttachmentBytes } from './to-api'
export { attachmentToApi } from './to-api'
