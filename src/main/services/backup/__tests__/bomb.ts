import { createGzip } from 'node:zlib'

/**
 * A gzip bomb made here, never held unpacked: `head` (say, a real little export), then zeros up
 * to `unpacked` bytes in all. Zeros pack about a thousand to one: 64 MB of them into ~64 KB.
 */
export async function gzipBomb(unpacked: number, head: Buffer = Buffer.alloc(0)): Promise<Buffer> {
  const gzip = createGzip({ level: 9 })
  const out: Buffer[] = []
  gzip.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve)
    gzip.on('error', reject)
  })
  gzip.write(head)
  const zeros = Buffer.alloc(1024 * 1024)
  for (let left = unpacked - head.byteLength; left > 0; left -= zeros.byteLength)
    if (!gzip.write(left >= zeros.byteLength ? zeros : zeros.subarray(0, left)))
      await new Promise((resolve) => gzip.once('drain', resolve))
  gzip.end()
  await done
  return Buffer.concat(out)
}
