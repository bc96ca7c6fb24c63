import * as fs from 'node:fs'
import { open } from 'node:fs/promises'
import { promisify } from 'node:util'
import { crc32, gunzip, gzip, gzipSync } from 'node:zlib'
import { BLOB_MAX_BYTES } from './not-kept'

// One version as a record in a pack file (blobs.ts keeps the packs): the byte layout, how it is
// checked, compressed and read back. A record is MAGIC | sha256 (32 bytes) | length (u32) |
// crc32 of the gzip bytes (u32) | gzip bytes.

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)
const fsyncAsync = promisify(fs.fsync)
/** Above this, compressing on the event loop would stall main: use the thread pool. */
const SYNC_ZIP_MAX = 256 * 1024
/** Big texts: the fastest level (several times quicker than the default, a little larger). */
const FAST_ZIP = { level: 1 }
const MAGIC = 0x43424c42 // "CBLB"
const MAGIC_BYTES = Buffer.from([0x43, 0x42, 0x4c, 0x42])
export const HEADER = 4 + 32 + 4 + 4

/** The gzip of a version's exact bytes. */
export async function compress(
  data: string | Uint8Array
): Promise<{ raw: Uint8Array; packed: Buffer }> {
  const raw = typeof data === 'string' ? Buffer.from(data) : data
  const packed = raw.byteLength > SYNC_ZIP_MAX ? await gzipAsync(raw, FAST_ZIP) : gzipSync(raw)
  return { raw, packed }
}

/** The whole record (header and gzip bytes) of version `hash`. */
export function encodeRecord(hash: string, packed: Buffer): Buffer {
  const header = Buffer.alloc(HEADER)
  header.writeUInt32BE(MAGIC, 0)
  Buffer.from(hash, 'hex').copy(header, 4)
  header.writeUInt32BE(packed.byteLength, 36)
  header.writeUInt32BE(crc32(packed), 40)
  return Buffer.concat([header, packed])
}

/** The exact bytes a record holds. */
export function decompress(record: Buffer): Promise<Buffer> {
  // No version is kept above BLOB_MAX_BYTES: a record that unpacks to more is not one of ours.
  return gunzipAsync(record.subarray(HEADER), { maxOutputLength: BLOB_MAX_BYTES })
}

/** The sha256 (hex) of the record at `offset`. */
export function hashAt(data: Buffer, offset: number): string {
  return data.subarray(offset + 4, offset + 36).toString('hex')
}

/** The length of the record at `offset` when it checks out (magic, length, crc), else 0. */
export function recordAt(data: Buffer, offset: number): number {
  if (offset + HEADER > data.length || data.readUInt32BE(offset) !== MAGIC) return 0
  const length = data.readUInt32BE(offset + 36)
  const end = offset + HEADER + length
  if (end > data.length) return 0
  return crc32(data.subarray(offset + HEADER, end)) === data.readUInt32BE(offset + 40)
    ? HEADER + length
    : 0
}

/** Where the next record that checks out starts, from `from` on; -1 when none does. */
export function nextRecord(data: Buffer, from: number): number {
  for (let at = data.indexOf(MAGIC_BYTES, from); at >= 0; at = data.indexOf(MAGIC_BYTES, at + 1))
    if (recordAt(data, at) > 0) return at
  return -1
}

export async function readRange(path: string, offset: number, length: number): Promise<Buffer> {
  const file = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await file.read(buffer, 0, length, offset)
    if (bytesRead !== length) throw new Error('short read')
    return buffer
  } finally {
    await file.close()
  }
}

export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const fd = fs.openSync(dir, 'r')
  try {
    await fsyncAsync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
