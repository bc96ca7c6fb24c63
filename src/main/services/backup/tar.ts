import { escapeName } from '@shared/memory/names'

// A plain POSIX tar (ustar, with a pax `path=` record for names over 100 bytes), written and read
// here so an export opens with any tar tool and no package is needed. The reader is strict: it is
// handed files from anywhere, so anything but regular files with clean, unique, UTF-8 names is
// refused with a sentence saying what, before the caller writes anything.

const BLOCK = 512

export class ArchiveError extends Error {
  override readonly name = 'ArchiveError'
}

export interface TarEntry {
  name: string
  data: Uint8Array
}

/** Header (and a pax header first when the name does not fit) for one regular file. */
export function tarHeader(name: string, size: number, mtime: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8')
  if (nameBytes.byteLength <= 100) return ustarHeader(nameBytes, size, mtime, '0')
  const record = paxRecord('path', name)
  const pax = ustarHeader(Buffer.from('PaxHeader'), record.byteLength, mtime, 'x')
  // Tools that read pax take the name from the record; the header's own name is only a stand-in.
  const standIn = ustarHeader(Buffer.from('cairn-long-name'), size, mtime, '0')
  return Buffer.concat([pax, record, padding(record.byteLength), standIn])
}

/** Zero bytes that bring `size` up to a whole block. */
export function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** The end of an archive: two zero blocks. */
export function tarEnd(): Buffer {
  return Buffer.alloc(BLOCK * 2)
}

/** A whole archive in memory (tests, small archives). */
export function tarOf(entries: readonly TarEntry[], mtime = 0): Buffer {
  const parts: Buffer[] = []
  for (const entry of entries) {
    parts.push(tarHeader(entry.name, entry.data.byteLength, mtime))
    parts.push(Buffer.from(entry.data), padding(entry.data.byteLength))
  }
  parts.push(tarEnd())
  return Buffer.concat(parts)
}

function ustarHeader(name: Buffer, size: number, mtime: number, type: '0' | 'x'): Buffer {
  const header = Buffer.alloc(BLOCK)
  name.copy(header, 0, 0, Math.min(100, name.byteLength))
  header.write(octal(0o600, 8), 100, 'latin1')
  header.write(octal(0, 8), 108, 'latin1')
  header.write(octal(0, 8), 116, 'latin1')
  header.write(octal(size, 12), 124, 'latin1')
  header.write(octal(Math.floor(mtime / 1000), 12), 136, 'latin1')
  header.write('        ', 148, 'latin1')
  header.write(type, 156, 'latin1')
  header.write('ustar\u000000', 257, 'latin1')
  header.write(octal(checksum(header), 7), 148, 'latin1')
  return header
}

function octal(value: number, width: number): string {
  const digits = value.toString(8)
  if (digits.length > width - 1) throw new ArchiveError(`A value is too large for tar: ${value}.`)
  return `${digits.padStart(width - 1, '0')}\u0000`
}

function checksum(header: Buffer): number {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number)
  return sum
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`
  const bodyBytes = Buffer.byteLength(body)
  // The length counts its own digits.
  let length = bodyBytes + 1
  while (String(length).length + bodyBytes !== length) length = String(length).length + bodyBytes
  return Buffer.from(`${length}${body}`, 'utf8')
}

export interface ReadLimits {
  /** Largest single entry. */
  maxEntryBytes: number
  /** Most entries. */
  maxEntries: number
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Every regular file in a tar, in order. Refuses (ArchiveError) a cut or damaged archive, links,
 * folders, devices, bad UTF-8 names, duplicate names and entries over the limits.
 */
export function readTar(tar: Buffer, limits: ReadLimits): TarEntry[] {
  const entries: TarEntry[] = []
  const seen = new Set<string>()
  let offset = 0
  let paxPath: string | undefined
  for (;;) {
    if (offset + BLOCK > tar.byteLength)
      throw new ArchiveError('The archive is cut short (it ends in the middle of a file list).')
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    offset += BLOCK
    if (parseOctal(header, 148, 8, 'checksum') !== checksum(header))
      throw new ArchiveError('The archive is damaged (a header checksum does not match).')
    if (header.toString('latin1', 257, 263) !== 'ustar\u0000')
      throw new ArchiveError('This is not a Cairn export (not a ustar archive).')
    const type = String.fromCharCode(header[156] as number)
    const size = parseOctal(header, 124, 12, 'size')
    if (size > limits.maxEntryBytes)
      throw new ArchiveError(
        `An entry is too large (${size} bytes; at most ${limits.maxEntryBytes} per file).`
      )
    if (offset + size > tar.byteLength)
      throw new ArchiveError('The archive is cut short (a file in it is incomplete).')
    const data = tar.subarray(offset, offset + size)
    offset += size + padding(size).byteLength
    if (type === 'x') {
      paxPath = parsePax(data)
      continue
    }
    const rawName = paxPath ?? fieldName(header)
    paxPath = undefined
    if (type === '1' || type === '2')
      throw new ArchiveError(`The archive holds a link (${safe(rawName)}); links are refused.`)
    if (type !== '0' && type !== '\u0000')
      throw new ArchiveError(
        `The archive holds something that is not a plain file (${safe(rawName)}).`
      )
    if (seen.has(rawName)) throw new ArchiveError(`The archive names ${safe(rawName)} twice.`)
    seen.add(rawName)
    if (entries.length >= limits.maxEntries)
      throw new ArchiveError(`The archive holds more than ${limits.maxEntries} files.`)
    entries.push({ name: rawName, data })
  }
  return entries
}

function fieldName(header: Buffer): string {
  const name = cString(header.subarray(0, 100))
  const prefix = cString(header.subarray(345, 500))
  return decodeName(prefix.byteLength ? Buffer.concat([prefix, Buffer.from('/'), name]) : name)
}

function parsePax(data: Buffer): string | undefined {
  let path: string | undefined
  let at = 0
  while (at < data.byteLength) {
    const space = data.indexOf(0x20, at)
    const length = Number(data.toString('latin1', at, space))
    if (space < 0 || !Number.isInteger(length) || length <= 0 || at + length > data.byteLength)
      throw new ArchiveError('The archive is damaged (an extended header is malformed).')
    const record = data.subarray(space + 1, at + length - 1)
    const eq = record.indexOf(0x3d)
    if (eq < 0) throw new ArchiveError('The archive is damaged (an extended header is malformed).')
    const key = record.toString('latin1', 0, eq)
    if (key === 'path') path = decodeName(record.subarray(eq + 1))
    else if (key === 'linkpath')
      throw new ArchiveError('The archive holds a link; links are refused.')
    at += length
  }
  return path
}

function cString(field: Buffer): Buffer {
  const end = field.indexOf(0)
  return end < 0 ? field : field.subarray(0, end)
}

function decodeName(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    throw new ArchiveError('The archive holds a file name that is not valid UTF-8.')
  }
}

function parseOctal(header: Buffer, at: number, width: number, what: string): number {
  const text = header
    .toString('latin1', at, at + width)
    .replace(/[\0 ]+$/, '')
    .trim()
  if (!/^[0-7]{1,12}$/.test(text))
    throw new ArchiveError(`The archive is damaged (a header's ${what} is not a number).`)
  return parseInt(text, 8)
}

/** A name quoted in a message: one short line of visible characters. */
export function safe(name: string): string {
  return escapeName(name, 120)
}
