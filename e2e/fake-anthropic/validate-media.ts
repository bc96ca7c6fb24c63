// Images and documents in a request, checked as the Messages API checks them, with its wording
// where it is known (errors seen from the real API): the media type, base64 that decodes, bytes
// that are what the media type says, 5 MB per image (counted on the base64 text, as the API
// does), 8000 px per edge (2000 px with more than 20 images), 100 images and 100 PDF pages.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const IMAGE_MAX_BASE64 = 5 * 1024 * 1024
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export function checkMedia(messages: unknown[]): string | null {
  const images: Array<{ where: string; size: { width: number; height: number } | null }> = []
  let pdfPages = 0
  for (const [i, message] of messages.entries()) {
    if (!isObject(message) || !Array.isArray(message.content)) continue
    for (const [j, block] of message.content.entries()) {
      if (!isObject(block) || (block.type !== 'image' && block.type !== 'document')) continue
      const where = `messages.${i}.content.${j}`
      if (message.role !== 'user')
        return `${where}: ${block.type} blocks can only appear in user messages`
      if (block.type === 'image') {
        const checked = checkImage(block, where)
        if (typeof checked === 'string') return checked
        images.push({ where, size: checked })
      } else {
        const checked = checkDocument(block, where)
        if (typeof checked === 'string') return checked
        pdfPages += checked
      }
    }
  }
  if (images.length > 100)
    return `messages: A maximum of 100 images may be provided in one request, but ${images.length} were given.`
  const edge = images.length > 20 ? 2000 : 8000
  for (const { where, size } of images) {
    if (size && Math.max(size.width, size.height) > edge)
      return `${where}.image.source.base64.data: At least one of the image dimensions exceed max allowed size${images.length > 20 ? ' for many-image requests' : ''}: ${edge} pixels`
  }
  if (pdfPages > 100) return `messages: A maximum of 100 PDF pages may be provided.`
  return null
}

function checkImage(block: Json, where: string): { width: number; height: number } | null | string {
  const source = block.source
  if (!isObject(source)) return `${where}.image.source: Field required`
  if (source.type !== 'base64') return null // url and file sources are fetched by the API
  const at = `${where}.image.source.base64`
  if (typeof source.media_type !== 'string' || !IMAGE_TYPES.includes(source.media_type))
    return `${at}.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`
  if (typeof source.data !== 'string') return `${at}.data: Field required`
  const data = source.data
  if (data.length > IMAGE_MAX_BASE64)
    return `${at}: image exceeds 5 MB maximum: ${data.length} bytes > ${IMAGE_MAX_BASE64} bytes`
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data))
    return `${at}.data: Invalid base64 data`
  const bytes = Buffer.from(data, 'base64')
  const actual = sniffImage(bytes)
  if (!actual) return `${at}.data: Could not process image`
  if (actual !== source.media_type)
    return `${at}.data: Image does not match the provided media type ${source.media_type}`
  return imageSize(bytes, actual)
}

/** The pages a document adds (0 for text), or the API's error. */
function checkDocument(block: Json, where: string): number | string {
  const source = block.source
  if (!isObject(source)) return `${where}.document.source: Field required`
  if (source.type === 'text') {
    if (source.media_type !== 'text/plain')
      return `${where}.document.source.text.media_type: Input should be 'text/plain'`
    if (typeof source.data !== 'string') return `${where}.document.source.text.data: Field required`
    return 0
  }
  if (source.type !== 'base64') return 0
  const at = `${where}.document.source.base64`
  if (source.media_type !== 'application/pdf')
    return `${at}.media_type: Input should be 'application/pdf'`
  const data = source.data
  if (typeof data !== 'string' || data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data))
    return `${at}.data: Invalid base64 data`
  const bytes = Buffer.from(data, 'base64')
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    return `${at}.data: The PDF specified was not valid.`
  return pdfPages(bytes)
}

/** The pages of a PDF, counted by its page objects (at least one). */
export function pdfPages(bytes: Buffer): number {
  return bytes.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 1
}

function sniffImage(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif'
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp'
  return null
}

/** Width and height from the image's header; null when the header is too short to say. */
export function imageSize(bytes: Buffer, type: string): { width: number; height: number } | null {
  try {
    if (type === 'image/png')
      return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
    if (type === 'image/gif') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }
    if (type === 'image/webp') return webpSize(bytes)
    return jpegSize(bytes)
  } catch {
    return null
  }
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] ?? 0
    const length = bytes.readUInt16BE(at + 2)
    // Start-of-frame markers (C0–CF except DHT C4, JPG C8, DAC CC) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    at += 2 + length
  }
  return null
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.subarray(12, 16).toString('latin1')
  if (chunk === 'VP8X')
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
  }
  if (chunk === 'VP8 ')
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  return null
}
