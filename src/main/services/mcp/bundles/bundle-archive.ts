import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { extractSignatureBlock } from '@anthropic-ai/mcpb/node'
import { unzipSync } from 'fflate'
import { CairnError } from '@shared/errors'

/*
 * A `.mcpb` is a zip (a signed one carries its signature after it). Every entry is checked
 * before a byte is written: no absolute paths, no `..`, no symlinks, and a cap on how much it
 * unpacks to. Cairn writes the files itself rather than with the library's `unpackExtension`,
 * which fails on the directory entries most zip tools write, turns a symlink into a file, and
 * leaves what it wrote so far when it stops.
 */

export interface BundleLimits {
  /** The archive itself. */
  maxArchiveBytes: number
  /** All its files once unpacked, as the archive declares them (fflate never writes past that). */
  maxUnpackedBytes: number
  maxEntries: number
}

export const BUNDLE_LIMITS: BundleLimits = {
  maxArchiveBytes: 100 * 1024 * 1024,
  maxUnpackedBytes: 500 * 1024 * 1024,
  maxEntries: 20_000
}

const MANIFEST = 'manifest.json'
const MAX_MANIFEST_BYTES = 1024 * 1024

interface Entry {
  name: string
  /** Unix permission bits from the archive (0: none given). */
  mode: number
}

export interface BundleArchive {
  /** The zip without a signature block. */
  zip: Uint8Array
  entries: Entry[]
  /** manifest.json's text. */
  manifest: string
}

const refused = (why: string): CairnError =>
  new CairnError('MCP_BUNDLE_REFUSED', `This bundle cannot be installed: ${why}`)

/** Reads and checks a bundle's archive; throws MCP_BUNDLE_REFUSED with the reason. */
export function readBundleArchive(
  bytes: Uint8Array,
  limits: BundleLimits = BUNDLE_LIMITS
): BundleArchive {
  checkArchiveSize(bytes.byteLength, limits)
  const zip = new Uint8Array(extractSignatureBlock(Buffer.from(bytes)).originalContent)
  const entries = centralDirectory(zip)
  if (entries.length > limits.maxEntries)
    throw refused(
      `it holds ${entries.length} files, more than the ${limits.maxEntries} Cairn takes.`
    )
  for (const entry of entries) checkEntry(entry)
  let unpacked = 0
  let manifestSize = 0
  let manifest: Uint8Array | undefined
  try {
    manifest = unzipSync(zip, {
      filter: (file) => {
        unpacked += file.originalSize
        if (file.name === MANIFEST) manifestSize = file.originalSize
        return file.name === MANIFEST && file.originalSize <= MAX_MANIFEST_BYTES
      }
    })[MANIFEST]
  } catch (error) {
    throw refused(`it is not a zip archive Cairn can read (${String(error)}).`)
  }
  if (unpacked > limits.maxUnpackedBytes)
    throw refused(
      `it unpacks to ${megabytes(unpacked)}, more than the ${megabytes(limits.maxUnpackedBytes)} Cairn allows.`
    )
  if (manifestSize > MAX_MANIFEST_BYTES) throw refused('its manifest.json is larger than 1 MB.')
  if (!manifest)
    throw refused(
      'it has no manifest.json at its top level. Is it an MCP Bundle (.mcpb) made with `mcpb pack`?'
    )
  return { zip, entries, manifest: new TextDecoder().decode(manifest) }
}

/** Refuses an archive larger than Cairn reads (checked on a file's size before reading it). */
export function checkArchiveSize(size: number, limits: BundleLimits = BUNDLE_LIMITS): void {
  if (size > limits.maxArchiveBytes)
    throw refused(
      `it is ${megabytes(size)}, more than the ${megabytes(limits.maxArchiveBytes)} Cairn reads.`
    )
}

/** Writes every file of a checked archive under `dir` (which must be empty). */
export async function unpackBundleArchive(archive: BundleArchive, dir: string): Promise<void> {
  const files = unzipSync(archive.zip)
  const root = resolve(dir)
  for (const entry of archive.entries) {
    const target = resolve(root, entry.name)
    // checkEntry refused `..` and absolute names; this is the last word before a write.
    if (target !== root && !target.startsWith(root + sep))
      throw refused(`"${entry.name}" points outside the bundle's folder.`)
    if (entry.name.endsWith('/')) {
      await mkdir(target, { recursive: true })
      continue
    }
    const data = files[entry.name]
    if (!data) throw refused(`"${entry.name}" could not be read from the archive.`)
    await mkdir(dirname(target), { recursive: true })
    // Programs keep their execute bit; nothing is written writable by others or setuid.
    await writeFile(target, data, { mode: entry.mode & 0o111 ? 0o755 : 0o644 })
  }
}

function checkEntry({ name, mode }: Entry): void {
  if (name.includes('\0')) throw refused('a file name in it holds a NUL character.')
  if (/^([/\\]|[A-Za-z]:)/.test(name)) throw refused(`"${name}" is an absolute path.`)
  if (name.includes('\\'))
    throw refused(`"${name}" uses backslashes, which could point outside the bundle's folder.`)
  if (name.split('/').includes('..'))
    throw refused(`"${name}" points outside the bundle's folder (it holds "..").`)
  if ((mode & 0o170000) === 0o120000) throw refused(`"${name}" is a symbolic link.`)
}

/**
 * The archive's entries with their Unix modes, from the central directory (fflate names the
 * files but not their attributes, which say whether one is a symlink or a program).
 */
function centralDirectory(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  let end = -1
  for (let i = zip.byteLength - 22; i >= Math.max(0, zip.byteLength - 22 - 0xffff); i -= 1)
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  if (end < 0) throw refused('it is not a zip archive (no central directory found).')
  const count = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  if (count === 0xffff || offset === 0xffffffff)
    throw refused(
      'it is a ZIP64 archive, which Cairn does not read; pack it again with `mcpb pack`.'
    )
  const entries: Entry[] = []
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > zip.byteLength || view.getUint32(offset, true) !== 0x02014b50)
      throw refused('its table of contents is damaged.')
    const flags = view.getUint16(offset + 8, true)
    const nameLength = view.getUint16(offset + 28, true)
    const extraLength = view.getUint16(offset + 30, true)
    const commentLength = view.getUint16(offset + 32, true)
    const external = view.getUint32(offset + 38, true)
    const raw = zip.subarray(offset + 46, offset + 46 + nameLength)
    // As fflate reads names: UTF-8 when the archive says so, else one byte per character.
    const name = flags & 0x800 ? new TextDecoder().decode(raw) : String.fromCharCode(...raw)
    entries.push({ name, mode: external >>> 16 })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`
}
