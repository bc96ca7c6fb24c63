import type {
  AddAttachmentInput,
  AttachmentBlock,
  AttachmentInfo,
  PickAttachmentsOutput,
  SendAttachment
} from '@shared/chat/attachments'
import type { ChatMessage, Conversation } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import type { Logger } from '../../log/logger'
import { storeCleanup } from './cleanup'
import { blockOf, takeFile, takePickedFiles } from './intake'
import { attachmentsOf, checkRequestLimits } from './limits'
import { quoted } from './refusal'
import { createBlobStore } from './store'
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

export function createAttachmentService(options: {
  dir: string
  logger: Logger
  pickFiles?: PickFiles | undefined
  /** Files named outside conversations (projects' knowledge): never released or swept. */
  alsoKept?: (() => Iterable<string>) | undefined
}): AttachmentService {
  const blobs = createBlobStore(options.dir)
  const logger = options.logger
  const take = (name: string, bytes: Uint8Array) => takeFile(blobs, name, bytes)

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
      return takePickedFiles(await options.pickFiles(), take, logger)
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
    ...storeCleanup(blobs, options.alsoKept ?? (() => []))
  }
}

export type { AttachmentBytes } from './to-api'
export { attachmentToApi } from './to-api'
