import { createHash } from 'node:crypto'
import { z } from 'zod'
import { ActorKindSchema } from '@shared/memory/memory'
import { ExpiryPolicySchema, HistoryRetentionSchema, MemoryCapsSchema } from '@shared/app/settings'
import { ArchiveError, readTar, safe, type TarEntry } from './tar'

// The Cairn memory export, version 1: a gzip'd POSIX tar holding, in this order,
//   cairn-export.json      the manifest below (always the first entry)
//   memory/<path>          each memory file as it is now (bytes as on disk)
//   history/<sha256>       each earlier version's text once, named by the sha256 of its bytes
// History travels as versions (texts plus who/when per path), not as the engine's pack files:
// the packs are an internal layout that may change, the versions are what a person can use, and an
// import must merge them into a history that already has its own numbering.

export const EXPORT_FORMAT = 'cairn-memory-export'
export const EXPORT_VERSION = 1
export const MANIFEST_NAME = 'cairn-export.json'
export const EXPORT_EXTENSION = 'cairnmem'

export const LIMITS = {
  /** One memory file or version (the engine reads files whole up to 16 MiB). */
  maxEntryBytes: 16 * 1024 * 1024,
  maxEntries: 200_000,
  /** The whole archive once unpacked: a small gzip must not unpack into gigabytes. */
  maxUnpackedBytes: 1024 * 1024 * 1024,
  /**
   * Unpacked bytes held before the archive is known to fit: past this, unpacking only counts
   * (so a gzip bomb costs time, not memory) and a larger archive that fits is unpacked again.
   */
  holdUnpackedBytes: 64 * 1024 * 1024,
  /** The file picked for import, as it is on disk. */
  maxArchiveBytes: 512 * 1024 * 1024,
  maxPathBytes: 1024
}
export type Limits = typeof LIMITS

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, { error: 'not a sha256' })
/** A memory path in the archive: relative, `/`-separated (checked again by nameProblem). */
const RelPathSchema = z.string().min(1).max(4096)

export const ExportedFileSchema = z.strictObject({
  path: RelPathSchema,
  sha256: Sha256Schema,
  size: z.number().int().min(0)
})

export const ExportedVersionSchema = z.strictObject({
  time: z.iso.datetime(),
  actor: ActorKindSchema,
  command: z.string().min(1).max(40),
  sha256: Sha256Schema,
  size: z.number().int().min(0)
})
export type ExportedVersion = z.infer<typeof ExportedVersionSchema>

export const ExportedSettingsSchema = z.strictObject({
  memory: MemoryCapsSchema,
  expiry: ExpiryPolicySchema,
  history: HistoryRetentionSchema
})
export type ExportedSettings = z.infer<typeof ExportedSettingsSchema>

export const ManifestSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.strictObject({ name: z.string().max(100), version: z.string().max(100) }),
  files: z.array(ExportedFileSchema).max(LIMITS.maxEntries),
  /** Earlier versions per path, oldest first (the path's current text is in `files`). */
  history: z
    .array(
      z.strictObject({
        path: RelPathSchema,
        versions: z.array(ExportedVersionSchema).max(10_000)
      })
    )
    .max(LIMITS.maxEntries),
  settings: ExportedSettingsSchema
})
export type Manifest = z.infer<typeof ManifestSchema>

/** A checked archive: every byte named by the manifest, and nothing else. */
export interface Archive {
  manifest: Manifest
  /** Memory path relative to the memory folder → bytes. */
  files: Map<string, Buffer>
  /** sha256 → bytes of an earlier version. */
  versions: Map<string, Buffer>
}

export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Why `name` may not be an entry of ours, or null. Refuses anything that could step outside. */
export function nameProblem(name: string): string | null {
  if (Buffer.byteLength(name) > LIMITS.maxPathBytes) return 'is longer than 1,024 bytes'
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is an absolute path'
  if (name.includes('\\')) return 'holds a backslash'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'holds a control character'
  const segments = name.split('/')
  if (segments.some((part) => part === '..')) return 'steps out of its folder (..)'
  if (segments.some((part) => part === '' || part === '.')) return 'has an empty or "." segment'
  if (name.normalize('NFC') !== name) return 'is not in Unicode normal form (NFC)'
  return null
}

/** The manifest, files and versions of an unpacked tar, or ArchiveError saying what is wrong. */
export function parseArchive(tar: Buffer, limits: Limits = LIMITS): Archive {
  const entries = readTar(tar, limits)
  const [first, ...rest] = entries
  if (!first || first.name !== MANIFEST_NAME)
    throw new ArchiveError(`This is not a Cairn export: it does not start with ${MANIFEST_NAME}.`)
  const manifest = parseManifest(first)
  const files = new Map<string, Buffer>()
  const versions = new Map<string, Buffer>()
  for (const entry of rest) {
    const problem = nameProblem(entry.name)
    if (problem) throw new ArchiveError(`The archive entry ${safe(entry.name)} ${problem}.`)
    if (entry.name.startsWith('memory/')) files.set(entry.name.slice(7), Buffer.from(entry.data))
    else if (entry.name.startsWith('history/') && /^[0-9a-f]{64}$/.test(entry.name.slice(8)))
      versions.set(entry.name.slice(8), Buffer.from(entry.data))
    else throw new ArchiveError(`The archive holds an unexpected entry: ${safe(entry.name)}.`)
  }
  checkAgainstManifest(manifest, files, versions)
  return { manifest, files, versions }
}

function parseManifest(entry: TarEntry): Manifest {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entry.data))
  } catch {
    throw new ArchiveError(`The archive's ${MANIFEST_NAME} is not valid JSON.`)
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {}
  if (format.format === EXPORT_FORMAT && format.version !== EXPORT_VERSION)
    throw new ArchiveError(
      `This export is format version ${String(format.version)}; this Cairn reads version ${EXPORT_VERSION}. Update Cairn and import it again.`
    )
  const parsed = ManifestSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.map(String).join('.') || 'manifest'
    throw new ArchiveError(
      `The archive's manifest is not valid (${where}: ${issue?.message ?? 'invalid'}).`
    )
  }
  return parsed.data
}

function checkAgainstManifest(
  manifest: Manifest,
  files: Map<string, Buffer>,
  versions: Map<string, Buffer>
): void {
  const listed = new Set<string>()
  for (const file of manifest.files) {
    const problem = nameProblem(file.path)
    if (problem) throw new ArchiveError(`The file ${safe(file.path)} ${problem}.`)
    if (listed.has(file.path))
      throw new ArchiveError(`The manifest lists ${safe(file.path)} twice.`)
    listed.add(file.path)
    const bytes = files.get(file.path)
    if (!bytes) throw new ArchiveError(`The archive is missing ${safe(file.path)}.`)
    if (bytes.byteLength !== file.size || sha256(bytes) !== file.sha256)
      throw new ArchiveError(`The archive's copy of ${safe(file.path)} is damaged.`)
  }
  for (const name of files.keys())
    if (!listed.has(name))
      throw new ArchiveError(`The archive holds ${safe(name)}, which its manifest does not list.`)
  const named = new Set<string>()
  for (const item of manifest.history) {
    const problem = nameProblem(item.path)
    if (problem) throw new ArchiveError(`The history path ${safe(item.path)} ${problem}.`)
    for (const version of item.versions) named.add(version.sha256)
  }
  for (const [hash, bytes] of versions) {
    if (!named.has(hash))
      throw new ArchiveError(`The archive holds a version its manifest does not list.`)
    if (sha256(bytes) !== hash)
      throw new ArchiveError(`A version in the archive is damaged (its hash does not match).`)
  }
  // A listed version without its text is allowed: history may have known it by hash only.
}
