import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  ATTACHMENT_LIMITS,
  formatBytes,
  type AttachmentBlock,
  type AttachmentInfo,
  type PickAttachmentsOutput
} from '@shared/chat/attachments'
import { CairnError } from '@shared/errors'
import type { Logger } from '../../log/logger'
import { detectType } from './detect'
import { fitImage, thumbnailOf } from './image'
import { checkPdf } from './pdf'
import { quoted, refused } from './refusal'
import type { BlobStore, StoredFile } from './store'

/*
 * Files coming in: checked by content (its size first), an image fitted to the API and given a
 * thumbnail, a PDF's pages counted, then stored by hash and named as a block.
 */

/** Checks, fits and stores one file; answers its block, an image's thumbnail and a note. */
export async function takeFile(
  blobs: BlobStore,
  name: string,
  bytes: Uint8Array
): Promise<AttachmentInfo> {
  checkFileSize(name, bytes.length)
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
    stored = await blobs.put(bytes, { kind, mediaType, ...(pages === null ? {} : { pages }) }, null)
  } else {
    stored = await blobs.put(bytes, { kind, mediaType }, null)
  }
  return { attachment: blockOf(stored, name), thumbnail, note }
}

/** The files picked in the OS open dialog, each taken or refused with its reason. */
export async function takePickedFiles(
  paths: readonly string[],
  take: (name: string, bytes: Uint8Array) => Promise<AttachmentInfo>,
  logger: Logger
): Promise<PickAttachmentsOutput> {
  const result: PickAttachmentsOutput = { added: [], refused: [] }
  for (const path of paths) {
    const name = basename(path)
    try {
      // Size first: a huge file is refused without being read.
      const info = await stat(path)
      if (!info.isFile()) throw refused(`${quoted(name)} is not a file.`)
      checkFileSize(name, info.size)
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
}

function checkFileSize(name: string, size: number): void {
  if (size > ATTACHMENT_LIMITS.fileBytes)
    throw refused(
      `${quoted(name)} is ${formatBytes(size)}; Cairn takes files up to ${formatBytes(ATTACHMENT_LIMITS.fileBytes)}. Attach a smaller file.`
    )
}

/** A stored file as the block a message names it by. */
export function blockOf(stored: StoredFile, name: string): AttachmentBlock {
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
