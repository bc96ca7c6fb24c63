import { createHash } from 'node:crypto'
import type { Stats } from 'node:fs'
import type { FileRead, RegularFile } from './fs-base'

// Big files are read by range, never whole on the main thread. Memory files are small (the
// per-file cap is at most 10 MiB); anything much larger was put in the folder by another program.
//
// - up to `syncBytes` (1 MiB): read whole in one call, as always (well under a millisecond);
// - up to `wholeBytes` (16 MiB): read whole in 1 MiB asynchronous chunks, hashed with sha256 and
//   editable. 16 MiB is above the largest per-file cap a user can set, so a file we refuse to
//   edit is over the cap whatever the settings; a sha256 of 16 MiB costs ~10 ms here;
// - above: only a prefix is read; the file's identity is its size, mtime and inode instead of a
//   content hash (reading 500 MB per change would cost seconds of disk), edits are refused and
//   the inspector shows the first part read-only. Views read by line range (see line-index.ts).

export const bigFiles = {
  syncBytes: 1024 * 1024,
  wholeBytes: 16 * 1024 * 1024,
  chunkBytes: 1024 * 1024,
  /** What the inspector shows of a file above `wholeBytes`. */
  inspectorBytes: 1024 * 1024
}

/** For tests: lowers the thresholds; returns a function that puts them back. */
export function setBigFileSizes(patch: Partial<typeof bigFiles>): () => void {
  const saved = { ...bigFiles }
  Object.assign(bigFiles, patch)
  return () => Object.assign(bigFiles, saved)
}

/** Enough bytes to decode the first 4096 characters (front-matter) whatever the encoding. */
const PREFIX_BYTES = 16 * 1024

/**
 * Reads `file` whole when it is at most `upTo` bytes (small ones in one call, others in
 * asynchronous chunks), otherwise only its first bytes (`complete: false`).
 */
export async function readBounded(
  file: RegularFile,
  upTo = bigFiles.wholeBytes,
  prefixBytes = PREFIX_BYTES
): Promise<FileRead> {
  const { info } = file
  const base = { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, ctimeMs: info.ctimeMs }
  if (info.size <= Math.min(upTo, bigFiles.syncBytes)) {
    const bytes = file.readAllSync()
    return { ...base, bytes, complete: true, size: bytes.length }
  }
  if (info.size > upTo) {
    return { ...base, bytes: await file.read(0, Math.min(prefixBytes, info.size)), complete: false }
  }
  // Chunks go straight into one buffer of the size the stat gave: no second copy of the file.
  const whole = Buffer.allocUnsafe(info.size)
  let got = 0
  while (got < whole.length) {
    const length = Math.min(bigFiles.chunkBytes, whole.length - got)
    const chunk = await file.read(got, length, whole.subarray(got, got + length))
    if (chunk.length === 0) break // it shrank while we read
    got += chunk.length
  }
  const chunks: Buffer[] = [whole.subarray(0, got)]
  // Longer than its stat said (it grew while we read): the rest in chunks, up to `upTo`.
  const grew = got === whole.length && (await file.read(got, 1)).length > 0
  while (grew) {
    const chunk = await file.read(got, bigFiles.chunkBytes)
    if (chunk.length === 0) break
    chunks.push(chunk)
    got += chunk.length
    if (got > upTo) {
      // It grew past what is read whole: treat it as big.
      return { ...base, bytes: Buffer.concat(chunks).subarray(0, prefixBytes), complete: false }
    }
  }
  const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, got)
  return { ...base, bytes, complete: true, size: got }
}

export function hashOf(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/** The identity of a file too big to hash: changes whenever its content can have changed. */
export function statKey(info: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>): string {
  return `stat:${info.size}:${info.mtimeMs}:${info.ino}`
}

/** Whether an index hash is a big file's stat identity (says nothing about its bytes). */
export function isStatKey(id: string): boolean {
  return id.startsWith('stat:')
}

/** The index hash of a read: sha256 of the bytes, or the stat identity of a big file. */
export function identityOf(read: FileRead): string {
  if (!read.complete) return statKey(read)
  return read.hash ?? hashOf(read.bytes)
}

/** The text at the start of `bytes`, for front-matter (decoding a whole big file is wasteful). */
export function headText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PREFIX_BYTES)).toString(
    'utf8'
  )
}

/**
 * The first `maxBytes` of a big file as text, cut after its last complete line when there is one
 * (and never inside a character), for a read-only preview.
 */
export function previewText(bytes: Buffer, maxBytes: number): string {
  let end = Math.min(bytes.length, maxBytes)
  const newline = bytes.lastIndexOf(0x0a, end - 1)
  if (newline > 0) end = newline + 1
  else while (end > 0 && end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
  return bytes.subarray(0, end).toString('utf8')
}
