import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

// For the "secrets never land" tests: secrets shaped like real ones, and every byte Cairn keeps
// under a folder, history's gzip records opened, to search for them.

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export const randomOf = (alphabet: string, length: number): string =>
  [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')
export const anthropicKey = (): string => `sk-ant-api03-${randomOf(BASE64URL, 93)}AA`
export const awsKeyId = (): string => `AKIA${randomOf(UPPER_ALNUM, 16)}`

const MAGIC = 0x43424c42 // a history pack record: MAGIC | sha256 (32) | length | crc32 | gzip

/**
 * Every file under `dir`: its name, its bytes, and each gzip record of a history pack opened
 * (records are read in order; a pack that does not parse throws, so a format change shows).
 */
export async function keptTexts(dir: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    out.push({ path: `${path} (name)`, text: path })
    if (!entry.isFile()) continue
    const bytes = await readFile(path)
    out.push({ path, text: bytes.toString('utf8') })
    if (!/^pack-\d+\.dat$/.test(entry.name)) continue
    for (let at = 0; at + 44 <= bytes.length;) {
      if (bytes.readUInt32BE(at) !== MAGIC) throw new Error(`${path}: no record at ${at}`)
      const length = bytes.readUInt32BE(at + 36)
      const record = gunzipSync(bytes.subarray(at + 44, at + 44 + length)).toString('utf8')
      out.push({ path: `${path} @${at} (gunzip)`, text: record })
      at += 44 + length
    }
  }
  return out
}
