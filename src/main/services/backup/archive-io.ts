import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open, readFile, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGzip, gunzip } from 'node:zlib'
import { formatBytes } from '@shared/sizes'
import { parseArchive, LIMITS, type Archive, type Limits } from './format'
import { padding, tarEnd, tarHeader, ArchiveError } from './tar'

// Writing an archive atomically (a temp file beside the target, synced, then renamed over it: the
// chosen file is either the old one or a whole export, never half of one) and reading one back
// within limits (a small gzip may not unpack into more than LIMITS.maxUnpackedBytes).

const gunzipAsync = promisify(gunzip)

export interface ArchiveWriter {
  add(name: string, data: Uint8Array): Promise<void>
}

/** Writes the entries `fill` adds to `dest` as a tar.gz; nothing is at `dest` until it is whole. */
export async function writeArchive(
  dest: string,
  fill: (writer: ArchiveWriter) => Promise<void>
): Promise<void> {
  const temp = join(dirname(dest), `.${basename(dest)}.${randomBytes(6).toString('hex')}.tmp`)
  const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 })
  const gzip = createGzip()
  // pipeline owns both streams' errors: a failure half-way (or a write the disk refuses) rejects
  // `piped` instead of surfacing as an uncaught stream error after the temp file is gone.
  const piped = pipeline(gzip, out)
  piped.catch(() => undefined) // observed below, on both paths
  const push = async (chunk: Buffer): Promise<void> => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), piped])
  }
  try {
    await fill({
      async add(name, data) {
        await push(tarHeader(name, data.byteLength, Date.now()))
        await push(Buffer.from(data))
        await push(padding(data.byteLength))
      }
    })
    await push(tarEnd())
    gzip.end()
    await piped
    const handle = await open(temp, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, dest)
    await syncFolder(dirname(dest))
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)))
    await piped.catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
}

async function syncFolder(dir: string): Promise<void> {
  // Not every system lets a folder be synced (Windows); the rename itself has happened.
  const handle = await open(dir, 'r').catch(() => null)
  try {
    await handle?.sync()
  } catch {
    // best effort
  } finally {
    await handle?.close()
  }
}

/** Reads and checks an export file; ArchiveError says what is wrong with it. */
export async function readArchiveFile(path: string): Promise<Archive> {
  const info = await stat(path).catch(() => null)
  if (!info?.isFile()) throw new ArchiveError('That file could not be opened; choose it again.')
  if (info.size > LIMITS.maxArchiveBytes)
    throw new ArchiveError('That file is too large to be a Cairn export (over 512 MB).')
  return readArchiveBytes(await readFile(path))
}

export async function readArchiveBytes(packed: Buffer, limits: Limits = LIMITS): Promise<Archive> {
  let tar: Buffer
  try {
    tar = await gunzipAsync(packed, { maxOutputLength: limits.maxUnpackedBytes })
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ArchiveError(
        `The archive unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}; it was refused.`
      )
    throw new ArchiveError(
      'The file is not a Cairn export, or it is damaged or cut short (it does not unpack).'
    )
  }
  return parseArchive(tar, limits)
}
