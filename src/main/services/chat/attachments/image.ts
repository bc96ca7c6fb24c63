import sharp from 'sharp'
import { ATTACHMENT_LIMITS, formatBytes, type AttachmentMediaType } from '@shared/chat/attachments'
import { quoted, refused } from './refusal'

/*
 * Images are fitted to the API in main, with sharp (libvips, off the event loop): at most
 * ATTACHMENT_LIMITS.imageEdge px on the long edge and small enough that their base64 fits the
 * API's 5 MB per image. An image already inside both is kept byte for byte.
 */

export interface FittedImage {
  bytes: Uint8Array
  mediaType: AttachmentMediaType
  width: number
  height: number
  /** What was changed, for the person attaching it; null when the file is kept as it is. */
  note: string | null
}

export interface ImageLimits {
  edge: number
  bytes: number
}

const DEFAULT_LIMITS: ImageLimits = {
  edge: ATTACHMENT_LIMITS.imageEdge,
  bytes: ATTACHMENT_LIMITS.imageBytes
}

export async function fitImage(
  name: string,
  bytes: Uint8Array,
  mediaType: AttachmentMediaType,
  limits: ImageLimits = DEFAULT_LIMITS
): Promise<FittedImage> {
  let width: number
  let height: number
  let orientation: number | undefined
  try {
    const meta = await sharp(bytes).metadata()
    width = meta.width
    height = meta.height
    orientation = meta.orientation
  } catch {
    throw refused(
      `${quoted(name)} looks like an image but could not be read; it may be damaged. Open and save it again, or attach another copy.`
    )
  }
  // EXIF orientations 5–8 swap the edges once the image is turned upright.
  if (orientation !== undefined && orientation >= 5) [width, height] = [height, width]
  const fits = Math.max(width, height) <= limits.edge && bytes.length <= limits.bytes
  if (fits) return { bytes, mediaType, width, height, note: null }

  // GIFs become PNGs (their first frame): a re-encoded GIF is large and loses colours.
  const outType: AttachmentMediaType = mediaType === 'image/gif' ? 'image/png' : mediaType
  let edge = Math.min(limits.edge, Math.max(width, height))
  let quality = 85
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const out = await encode(bytes, edge, outType, quality)
    if (out.data.length <= limits.bytes) {
      const change =
        Math.max(width, height) > edge || out.info.width !== width
          ? `Scaled down from ${width} × ${height} to ${out.info.width} × ${out.info.height} px`
          : `Compressed from ${formatBytes(bytes.length)} to ${formatBytes(out.data.length)}`
      return {
        bytes: out.data,
        mediaType: outType,
        width: out.info.width,
        height: out.info.height,
        note: `${change} to fit the API's limits (${limits.edge} px, ${formatBytes(limits.bytes)} per image).`
      }
    }
    // Too many bytes still: shrink the picture and, for lossy formats, the quality.
    edge = Math.max(64, Math.floor(edge * 0.8))
    quality = Math.max(60, quality - 5)
  }
  throw refused(
    `${quoted(name)} could not be made smaller than ${formatBytes(limits.bytes)}, the API's limit per image. Save it at a smaller size and attach it again.`
  )
}

async function encode(
  bytes: Uint8Array,
  edge: number,
  type: AttachmentMediaType,
  quality: number
): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  const pipeline = sharp(bytes)
    .rotate() // upright by EXIF before the metadata is dropped
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
  const encoded =
    type === 'image/jpeg'
      ? pipeline.jpeg({ quality, mozjpeg: true })
      : type === 'image/webp'
        ? pipeline.webp({ quality })
        : pipeline.png({ compressionLevel: 9, palette: quality < 85 })
  return encoded.toBuffer({ resolveWithObject: true })
}

/** A small preview for the composer and the message, as a data: URL (the CSP allows data: images). */
export async function thumbnailOf(bytes: Uint8Array): Promise<string | null> {
  try {
    const data = await sharp(bytes)
      .rotate()
      .resize({ width: 192, height: 192, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer()
    return `data:image/webp;base64,${data.toString('base64')}`
  } catch {
    return null
  }
}
