import { z } from 'zod'

/*
 * Files attached to a user message: images, PDFs and text. The bytes live content-addressed in
 * <userData>/attachments (never in a conversation file, never in the memory folder); a message
 * names them by sha256. Limits are the Messages API's, checked in main before anything is sent.
 */

/** The API's limits (docs: "Vision" and "PDF support"); Cairn checks them before a request. */
export const API_LIMITS = {
  /** Per image, as the API counts it: the base64 text of the image. */
  imageBase64Bytes: 5 * 1024 * 1024,
  /** Images per request (models with a 200k-token context window; others take more). */
  imagesPerRequest: 100,
  /** Widest edge of any image; over 20 images in one request the cap is 2000 px. */
  imageEdge: 8000,
  imageEdgeManyImages: 2000,
  manyImagesFrom: 21,
  /** PDF pages per request. */
  pdfPagesPerRequest: 100,
  /** The whole request body. */
  requestBytes: 32 * 1024 * 1024
} as const

/**
 * Cairn's own limits. Images are stored at most 2000 px on their long edge: the API scales
 * anything past 1568 px down anyway, and 2000 px stays valid however many images a request holds.
 */
export const ATTACHMENT_LIMITS = {
  imageEdge: 2000,
  /** Raw bytes whose base64 fits the API's 5 MB per image. */
  imageBytes: Math.floor((API_LIMITS.imageBase64Bytes * 3) / 4),
  /** Largest file taken in at all (an image over this is not worth decoding to shrink). */
  fileBytes: 32 * 1024 * 1024,
  /** A PDF's base64 must fit the 32 MB request with room for the conversation around it. */
  pdfBytes: 20 * 1024 * 1024,
  textBytes: 512 * 1024,
  /** Room kept in a request for the conversation's text, tools and JSON around the files. */
  requestHeadroomBytes: 2 * 1024 * 1024,
  perMessage: 20,
  nameChars: 255
} as const

export const AttachmentKindSchema = z.enum(['image', 'pdf', 'text'])
export type AttachmentKind = z.infer<typeof AttachmentKindSchema>
export const ImageMediaTypeSchema = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
export const AttachmentMediaTypeSchema = z.union([
  ImageMediaTypeSchema,
  z.literal('application/pdf'),
  z.literal('text/plain')
])
export type AttachmentMediaType = z.infer<typeof AttachmentMediaTypeSchema>

export const AttachmentHashSchema = z
  .string({ error: 'hash must be text' })
  .regex(/^[0-9a-f]{64}$/, { error: 'hash is not a sha256 attachment hash' })

export const AttachmentNameSchema = z
  .string({ error: 'name must be text' })
  .max(ATTACHMENT_LIMITS.nameChars, { error: 'the file name is too long' })

const Count = z.number().int().min(0)

/** A stored file as a message names it. The saved conversation holds this, never the bytes. */
export const AttachmentBlockSchema = z.object({
  type: z.literal('attachment'),
  hash: AttachmentHashSchema,
  kind: AttachmentKindSchema,
  mediaType: AttachmentMediaTypeSchema,
  name: AttachmentNameSchema,
  /** Bytes as stored (after any downscaling). */
  size: Count,
  width: Count.optional(),
  height: Count.optional(),
  /** PDF pages, when they could be counted. */
  pages: Count.optional()
})
export type AttachmentBlock = z.infer<typeof AttachmentBlockSchema>

/** What the composer shows for a file it just added. */
export const AttachmentInfoSchema = z.object({
  attachment: AttachmentBlockSchema,
  /** A small data: URL (images only). */
  thumbnail: z.string().nullable(),
  /** Set when Cairn changed the file to fit the API, e.g. "Scaled down from 4000 × 3000". */
  note: z.string().nullable()
})
export type AttachmentInfo = z.infer<typeof AttachmentInfoSchema>

// ---- channel inputs and outputs -----------------------------------------------------------------

/** base64 of the largest file taken in (the contract caps what crosses the bridge). */
export const ATTACHMENT_DATA_MAX_CHARS = Math.ceil(ATTACHMENT_LIMITS.fileBytes / 3) * 4

export const AddAttachmentInputSchema = z.strictObject({
  name: AttachmentNameSchema,
  data: z
    .string({ error: 'data must be base64 text' })
    .min(1, { error: 'the file is empty' })
    .max(ATTACHMENT_DATA_MAX_CHARS, {
      error: 'the file is larger than 32 MB, the most Cairn takes'
    })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'data is not base64' })
})
export type AddAttachmentInput = z.infer<typeof AddAttachmentInputSchema>

/** A file the open dialog picked that could not be attached, with the reason. */
export const AttachmentRefusalSchema = z.object({ name: z.string(), message: z.string() })
export const PickAttachmentsOutputSchema = z.object({
  added: z.array(AttachmentInfoSchema),
  refused: z.array(AttachmentRefusalSchema)
})
export type PickAttachmentsOutput = z.infer<typeof PickAttachmentsOutputSchema>

export const AttachmentPreviewInputSchema = z.strictObject({ hash: AttachmentHashSchema })
export const AttachmentPreviewSchema = z.object({ thumbnail: z.string().nullable() })

/** What `chat:send-message` takes besides the text: files added before, by hash and name. */
export const SendAttachmentSchema = z.strictObject({
  hash: AttachmentHashSchema,
  name: AttachmentNameSchema
})
export const SendAttachmentsSchema = z
  .array(SendAttachmentSchema)
  .max(ATTACHMENT_LIMITS.perMessage, {
    error: `a message can carry at most ${ATTACHMENT_LIMITS.perMessage} files`
  })
export type SendAttachment = z.infer<typeof SendAttachmentSchema>

/** "1.2 MB", for messages and chips. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
}
