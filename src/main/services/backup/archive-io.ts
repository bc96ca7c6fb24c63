import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open, readFile, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { formatBytes } from '@shared/sizes'
import { parseArchive, LIMITS, type Archive, type Limits } from './format'
import { padding, tarEnd, tarHeader, ArchiveError } from './tar'

// Writing an archive atomically (a temp file beside the target, synced, then renamed over it: the
// chosen file is either the old one or a whole export, never half of one) and reading one back
// within limits (a small gzip may not unpack into more than LIMITS.maxUnpackedBytes).

/** Output chunk of the streamed gunzip: the most a refusal unpacks past the limit. */
export const UNPACK_CHUNK = 1024 * 1024

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
export async function readArchiveFile(path: string, limits: Limits = LIMITS): Promise<Archive> {
  const info = await stat(path).catch(() => null)
  if (!info?.isFile()) throw new ArchiveError('That file could not be opened; choose it again.')
  if (info.size > limits.maxArchiveBytes)
    throw new ArchiveError(
      `That file is too large to be a Cairn export (over ${formatBytes(limits.maxArchiveBytes)}).`
    )
  return readArchiveBytes(await readFile(path), limits)
}

/** What one read unpacked, for tests: bytes out of gunzip, and the most held at once. */
export interface UnpackProbe {
  produced: number
  heldPeak: number
}

export async function readArchiveBytes(
  packed: Buffer,
  limits: Limits = LIMITS,
  probe?: UnpackProbe
): Promise<Archive> {
  return parseArchive(await unpack(packed, limits, probe), limits)
}

/**
 * Gunzips `packed`, refusing it as soon as the running total passes the limit (the stream is
 * stopped there, what it held dropped). Up to `holdUnpackedBytes` the bytes are kept as they come;
 * past that only counted, and an archive that turns out to fit is unpacked a second time into one
 * buffer of the size now known. A bomb thus never holds more than the hold, and refusing one
 * unpacks at most one chunk past the limit.
 */
async function unpack(packed: Buffer, limits: Limits, probe?: UnpackProbe): Promise<Buffer> {
  let held: Buffer[] | null = []
  const total = await inflate(packed, limits, probe, (chunk, total) => {
    if (held && total > limits.holdUnpackedBytes) held = null
    held?.push(chunk)
    if (probe && held) probe.heldPeak = Math.max(probe.heldPeak, total)
  })
  if (held) return Buffer.concat(held, total)
  const whole = Buffer.allocUnsafe(total)
  if (probe) probe.heldPeak = Math.max(probe.heldPeak, total)
  const again = await inflate(
    packed,
    { ...limits, maxUnpackedBytes: total },
    undefined,
    (chunk, end) => chunk.copy(whole, end - chunk.byteLength)
  )
  if (again !== total)
    throw new ArchiveError('The archive is damaged (it does not unpack alike twice).')
  return whole
}

/** Streams the gunzip of `packed` to `take` (each chunk, and the total so far); the total. */
async function inflate(
  packed: Buffer,
  limits: Limits,
  probe: UnpackProbe | undefined,
  take: (chunk: Buffer, total: number) => void
): Promise<number> {
  const stream = createGunzip({ chunkSize: UNPACK_CHUNK })
  stream.end(packed)
  let total = 0
  try {
    // Leaving the loop early (the throw below) destroys the stream: nothing more is unpacked.
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.byteLength
      if (probe) probe.produced += chunk.byteLength
      if (total > limits.maxUnpackedBytes)
        throw new ArchiveError(
          `The archive unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}, more than an import takes; it was refused.`
        )
      take(chunk, total)
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error
    throw new ArchiveError(
      'The file is not a Cairn export, or it is damaged or cut short (it does not unpack).'
    )
  }
  return total
}
