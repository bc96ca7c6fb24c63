import { createHash } from 'node:crypto'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import {
  AttachmentKindSchema,
  AttachmentMediaTypeSchema,
  type AttachmentKind,
  type AttachmentMediaType
} from '@shared/chat/attachments'
import { ensurePrivateDir, writeFileDurably } from '../../fs/durable'

/*
 * Content-addressed files in <userData>/attachments: `<sha256>` holds the bytes, `<sha256>.json`
 * what Cairn learned of them (written last, so its presence means the file is whole), and
 * `<sha256>.thumb` an image's small preview. The same bytes added twice are stored once.
 */

export const ATTACHMENTS_FOLDER = 'attachments'
const HASH = /^[0-9a-f]{64}$/
const FILE = /^([0-9a-f]{64})(\.json|\.thumb)?$/

const MetaSchema = z.object({
  kind: AttachmentKindSchema,
  mediaType: AttachmentMediaTypeSchema,
  size: z.number().int().min(0),
  width: z.number().int().min(0).optional(),
  height: z.number().int().min(0).optional(),
  pages: z.number().int().min(0).optional()
})
export type StoredMeta = z.infer<typeof MetaSchema>

export interface StoredFile {
  hash: string
  meta: StoredMeta
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export interface BlobStore {
  readonly folder: string
  put(
    bytes: Uint8Array,
    meta: { kind: AttachmentKind; mediaType: AttachmentMediaType } & Partial<StoredMeta>,
    thumbnail: string | null
  ): Promise<StoredFile>
  meta(hash: string): Promise<StoredMeta | null>
  read(hash: string): Promise<Uint8Array | null>
  thumbnail(hash: string): Promise<string | null>
  /** Hashes stored, each with when its file was last written. */
  list(): Promise<Array<{ hash: string; mtimeMs: number }>>
  remove(hash: string): Promise<void>
}

export function createBlobStore(dir: string): BlobStore {
  const folder = join(dir, ATTACHMENTS_FOLDER)
  const path = (hash: string, suffix = ''): string => {
    if (!HASH.test(hash)) throw new Error('not an attachment hash')
    return join(folder, `${hash}${suffix}`)
  }
  const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT'

  async function meta(hash: string): Promise<StoredMeta | null> {
    try {
      const parsed = MetaSchema.safeParse(JSON.parse(await readFile(path(hash, '.json'), 'utf8')))
      return parsed.success ? parsed.data : null
    } catch (error) {
      if (missing(error) || error instanceof SyntaxError) return null
      throw error
    }
  }

  return {
    folder,
    async put(bytes, given, thumbnail) {
      const hash = sha256(bytes)
      const known = await meta(hash)
      const existing = known ? await stat(path(hash)).catch(() => null) : null
      if (known && existing?.size === bytes.length) return { hash, meta: known }
      await ensurePrivateDir(folder)
      const record: StoredMeta = MetaSchema.parse({ ...given, size: bytes.length })
      await writeFileDurably(path(hash), bytes)
      if (thumbnail) await writeFileDurably(path(hash, '.thumb'), thumbnail)
      await writeFileDurably(path(hash, '.json'), JSON.stringify(record))
      return { hash, meta: record }
    },
    meta,
    async read(hash) {
      try {
        return await readFile(path(hash))
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async thumbnail(hash) {
      try {
        return await readFile(path(hash, '.thumb'), 'utf8')
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async list() {
      let names: string[]
      try {
        names = await readdir(folder)
      } catch (error) {
        if (missing(error)) return []
        throw error
      }
      const out: Array<{ hash: string; mtimeMs: number }> = []
      for (const name of names) {
        const match = FILE.exec(name)
        if (!match?.[1] || match[2]) continue
        const info = await stat(join(folder, name)).catch(() => null)
        if (info) out.push({ hash: match[1], mtimeMs: info.mtimeMs })
      }
      return out
    },
    async remove(hash) {
      // The record goes first: a crash midway leaves a bare file that the next sweep removes.
      await rm(path(hash, '.json'), { force: true })
      await rm(path(hash, '.thumb'), { force: true })
      await rm(path(hash), { force: true })
    }
  }
}
