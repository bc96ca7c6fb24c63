import type { Stats } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { readBounded, setBigFileSizes } from '../big-file'
import type { RegularFile } from '../fs-base'

// A file read in chunks is read into one buffer of its stat's size; one that grew or shrank
// while it was read still comes back as it is now (or as big, past what is read whole).

/** A file whose stat says `statSize` and whose bytes are `content`. */
function fakeFile(content: Buffer, statSize: number): RegularFile {
  return {
    info: { size: statSize, mtimeMs: 1, ino: 2, ctimeMs: 3 } as Stats,
    fd: -1,
    read: async (position, length, into) => {
      const part = content.subarray(position, position + length)
      if (!into || into.length < length) return Buffer.from(part)
      part.copy(into)
      return into.subarray(0, part.length)
    },
    readAllSync: () => Buffer.from(content),
    close: () => undefined
  }
}

let restore: () => void = () => undefined
afterEach(() => restore())

describe('readBounded in chunks', () => {
  it('reads a file whole, as its stat says, as it grew, or as it shrank', async () => {
    restore = setBigFileSizes({ syncBytes: 8, chunkBytes: 5, wholeBytes: 64 })
    const text = Buffer.from('0123456789abcdefghijklmnopqrstuv')
    for (const statSize of [text.length, text.length - 7, text.length + 9]) {
      const read = await readBounded(fakeFile(text, statSize))
      expect(read.complete).toBe(true)
      expect(read.bytes.toString()).toBe(text.toString())
      expect(read.size).toBe(text.length)
    }
  })

  it('treats a file that grew past what is read whole as big', async () => {
    restore = setBigFileSizes({ syncBytes: 8, chunkBytes: 5, wholeBytes: 20 })
    const text = Buffer.from('0123456789abcdefghijklmnopqrstuv')
    const read = await readBounded(fakeFile(text, 12), 20, 6)
    expect(read.complete).toBe(false)
    expect(read.bytes.toString()).toBe('012345')
  })
})
