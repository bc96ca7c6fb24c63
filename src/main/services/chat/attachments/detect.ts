import { fileTypeFromBuffer } from 'file-type'
import {
  ATTACHMENT_LIMITS,
  formatBytes,
  type AttachmentKind,
  type AttachmentMediaType
} from '@shared/chat/attachments'
import { quoted, refused } from './refusal'

/*
 * What a file is, from its bytes (file-type's signatures), never from its name: a PNG called
 * notes.txt is an image, a text file called photo.png is text.
 */

export interface Detected {
  kind: AttachmentKind
  mediaType: AttachmentMediaType
}

const IMAGE_TYPES: Record<string, AttachmentMediaType> = {
  'image/png': 'image/png',
  // An animated PNG is a PNG whose first frame every PNG reader shows.
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp'
}

const WHAT_FITS = 'Cairn can attach PNG, JPEG, GIF and WebP images, PDFs, and text or code files.'

export async function detectType(name: string, bytes: Uint8Array): Promise<Detected> {
  if (bytes.length === 0) throw refused(`${quoted(name)} is empty. Pick a file with content.`)
  const found = await fileTypeFromBuffer(bytes)
  const image = found ? IMAGE_TYPES[found.mime] : undefined
  if (image) return { kind: 'image', mediaType: image }
  if (found?.mime === 'application/pdf') return { kind: 'pdf', mediaType: 'application/pdf' }
  if (isUtf8Text(bytes)) {
    if (bytes.length > ATTACHMENT_LIMITS.textBytes)
      throw refused(
        `${quoted(name)} is ${formatBytes(bytes.length)} of text; Cairn attaches text files up to ${formatBytes(ATTACHMENT_LIMITS.textBytes)}. Attach a smaller part of it, or paste the part that matters.`
      )
    return { kind: 'text', mediaType: 'text/plain' }
  }
  const what = found
    ? `is ${found.mime}, not an image, PDF or text file`
    : 'is not a file type Cairn knows'
  throw refused(`${quoted(name)} ${what}. ${WHAT_FITS}`)
}

/** Valid UTF-8 without NUL characters: what a text or code file is. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}
