import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../../__tests__/helpers'
import { hashOf } from '../../kernel/files'
import { BlobStore } from '../blobs'
import { BLOB_MAX_BYTES } from '../not-kept'

// A pack record is only ever a kept version (at most BLOB_MAX_BYTES): one that unpacks to more,
// however it got there, is not read into memory whole.

const temp = useTempDir('cairn-pack-bomb-')

describe('a history pack record that unpacks past what history keeps', () => {
  it('reads as absent, whatever its hash says', async () => {
    const huge = Buffer.alloc(BLOB_MAX_BYTES + 1024 * 1024)
    const packed = gzipSync(huge)
    const header = Buffer.alloc(44)
    header.writeUInt32BE(0x43424c42, 0)
    Buffer.from(hashOf(huge), 'hex').copy(header, 4)
    header.writeUInt32BE(packed.byteLength, 36)
    header.writeUInt32BE(crc32(packed), 40)
    const dir = join(temp(), 'blobs')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'pack-000001.dat'), Buffer.concat([header, packed]))
    const blobs = await BlobStore.open(dir)
    expect(blobs.has(hashOf(huge))).toBe(true)
    expect(await blobs.read(hashOf(huge))).toBeNull()
  })
})
