import type {
  BetaBase64ImageSource,
  BetaContentBlockParam
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { AttachmentBlock } from '@shared/chat/attachments'

/*
 * A stored attachment as the Messages API takes it: images as `image` blocks, PDFs as `document`
 * blocks (base64), text files as `document` blocks with a plain-text source titled with the file
 * name (the API's documented way to hand over a text document).
 */

export type AttachmentBytes = ReadonlyMap<string, Uint8Array>

export function attachmentToApi(
  block: AttachmentBlock,
  bytes: Uint8Array | undefined
): BetaContentBlockParam {
  if (!bytes)
    return {
      type: 'text',
      text: `(The attached file “${block.name}” is no longer stored on this computer.)`
    }
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (block.kind === 'image')
    return {
      type: 'image',
      source: {
        type: 'base64',
        // The block's schema keeps image kinds to the four image media types.
        media_type: block.mediaType as BetaBase64ImageSource['media_type'],
        data: data.toString('base64')
      }
    }
  if (block.kind === 'pdf')
    return {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: data.toString('base64') },
      ...(block.name ? { title: block.name } : {})
    }
  return {
    type: 'document',
    source: { type: 'text', media_type: 'text/plain', data: data.toString('utf8') },
    ...(block.name ? { title: block.name } : {})
  }
}
