import {
  API_LIMITS,
  ATTACHMENT_LIMITS,
  formatBytes,
  type AttachmentBlock
} from '@shared/chat/attachments'
import type { ChatMessage } from '@shared/chat/chat'
import { refused } from './refusal'

/*
 * Every request carries the whole conversation, so the API's per-request limits apply to all the
 * files a conversation holds. Checked before a message is saved, so nothing is sent that the API
 * would refuse; each message names the limit and what to do.
 */

const NEXT = 'start a new conversation for more files (Claude keeps what matters in memory).'

export function attachmentsOf(messages: readonly ChatMessage[]): AttachmentBlock[] {
  const found: AttachmentBlock[] = []
  for (const message of messages) {
    if (message.role !== 'user') continue
    for (const block of message.content) {
      if (block.type === 'attachment') found.push(block)
      // A tool's images are kept, sent and released as attached ones are.
      else if (block.type === 'tool_result') found.push(...(block.images ?? []))
    }
  }
  return found
}

/** Bytes a file adds to a request body: base64 for images and PDFs, the text itself otherwise. */
export function requestBytesOf(block: AttachmentBlock): number {
  return block.kind === 'text' ? block.size : Math.ceil(block.size / 3) * 4
}

export function checkRequestLimits(
  existing: readonly AttachmentBlock[],
  adding: readonly AttachmentBlock[],
  textBytes = 0
): void {
  const all = [...existing, ...adding]
  const images = all.filter((b) => b.kind === 'image')
  if (images.length > API_LIMITS.imagesPerRequest)
    throw refused(
      `This would make ${images.length} images in the conversation; the API takes at most ${API_LIMITS.imagesPerRequest} images per request, and every request carries the whole conversation. Attach fewer images, or ${NEXT}`
    )
  if (images.length >= API_LIMITS.manyImagesFrom) {
    const wide = images.find(
      (b) => Math.max(b.width ?? 0, b.height ?? 0) > API_LIMITS.imageEdgeManyImages
    )
    if (wide)
      throw refused(
        `With more than 20 images in one request the API takes images up to ${API_LIMITS.imageEdgeManyImages} × ${API_LIMITS.imageEdgeManyImages} px, and “${wide.name}” is ${wide.width} × ${wide.height}. Attach fewer images, or ${NEXT}`
      )
  }
  const pages = all.reduce((sum, b) => sum + (b.kind === 'pdf' ? (b.pages ?? 0) : 0), 0)
  if (pages > API_LIMITS.pdfPagesPerRequest)
    throw refused(
      `This would make ${pages} PDF pages in the conversation; the API reads at most ${API_LIMITS.pdfPagesPerRequest} PDF pages per request. Attach a shorter PDF, or ${NEXT}`
    )
  const budget = API_LIMITS.requestBytes - ATTACHMENT_LIMITS.requestHeadroomBytes
  const bytes = all.reduce((sum, b) => sum + requestBytesOf(b), 0) + textBytes
  if (bytes > budget)
    throw refused(
      `The files in this conversation would come to ${formatBytes(bytes)} in a request; the API takes requests up to ${formatBytes(API_LIMITS.requestBytes)} (Cairn keeps ${formatBytes(ATTACHMENT_LIMITS.requestHeadroomBytes)} of that for the conversation itself). Attach smaller files, or ${NEXT}`
    )
}
