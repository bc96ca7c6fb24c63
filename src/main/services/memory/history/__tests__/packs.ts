import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32, gunzipSync } from 'node:zlib'

/**
 * Reads the history's pack files the way a checker would, independently of the store: every
 * record up to the first one that does not check out (a crash-cut tail) must hold bytes whose
 * sha256 is its hash. Returns the hashes present and what is wrong.
 */
export async function packRecords(
  stateDir: string
): Promise<{ hashes: Set<string>; problems: string[] }> {
  const dir = join(stateDir, 'history', 'blobs')
  const hashes = new Set<string>()
  const problems: string[] = []
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) =>
    /^pack-\d+\.dat$/.test(n)
  )
  for (const name of names.sort()) {
    const data = await readFile(join(dir, name))
    let offset = 0
    while (offset + 44 <= data.length) {
      const length = data.readUInt32BE(offset + 36)
      if (data.readUInt32BE(offset) !== 0x43424c42 || offset + 44 + length > data.length) break
      const packed = data.subarray(offset + 44, offset + 44 + length)
      if (crc32(packed) !== data.readUInt32BE(offset + 40)) break
      const hash = data.subarray(offset + 4, offset + 36).toString('hex')
      const bytes = gunzipSync(packed)
      if (createHash('sha256').update(bytes).digest('hex') !== hash)
        problems.push(`${name}: record ${hash.slice(0, 12)} holds other bytes`)
      hashes.add(hash)
      offset += 44 + length
    }
  }
  return { hashes, problems }
}

/** The bytes history's pack files take on disk (what `maxBytes` caps). */
export async function packBytes(stateDir: string): Promise<number> {
  const dir = join(stateDir, 'history', 'blobs')
  let total = 0
  for (const name of await readdir(dir).catch(() => [] as string[]))
    if (/^pack-\d+\.dat$/.test(name)) total += (await stat(join(dir, name))).size
  return total
}

/** Where each record of each pack sits, read in order (for tests that damage one). */
export async function packLayout(
  stateDir: string
): Promise<Array<{ file: string; offset: number; length: number; hash: string }>> {
  const dir = join(stateDir, 'history', 'blobs')
  const out: Array<{ file: string; offset: number; length: number; hash: string }> = []
  const names = (await readdir(dir)).filter((n) => /^pack-\d+\.dat$/.test(n)).sort()
  for (const name of names) {
    const data = await readFile(join(dir, name))
    let offset = 0
    while (offset + 44 <= data.length) {
      const length = data.readUInt32BE(offset + 36)
      const hash = data.subarray(offset + 4, offset + 36).toString('hex')
      out.push({ file: join(dir, name), offset, length: 44 + length, hash })
      offset += 44 + length
    }
  }
  return out
}
