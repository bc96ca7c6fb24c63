import { createRequire, syncBuiltinESMExports } from 'node:module'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { useTempDir } from '../../../__tests__/helpers'
import { CLAUDE, withOutsideFile } from './outside-file-rig'

// Counts the fdatasyncs of history's packs. The engine promisifies fdatasync when it loads, so the
// count is put in place first and the engine imported after it.
const require = createRequire(import.meta.url)
const fsCjs = require('node:fs') as typeof import('node:fs')
const original = fsCjs.fdatasync
const packSyncs: number[] = []
fsCjs.fdatasync = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
  try {
    if (/pack-\d+\.dat$/.test(fsCjs.readlinkSync(`/proc/self/fd/${fd}`))) packSyncs.push(fd)
  } catch {
    // not a descriptor /proc can name
  }
  return original(fd, done)
}) as typeof fsCjs.fdatasync
syncBuiltinESMExports()

afterAll(() => {
  fsCjs.fdatasync = original
  syncBuiltinESMExports()
})

describe('history: one durable append per command', () => {
  // Linux only: a pack's descriptor is recognised by its name under /proc/self/fd.
  it.runIf(process.platform === 'linux')(
    'a first edit of a file Cairn never saw keeps its before and after versions with one fdatasync',
    async () => {
      await withOutsideFile(
        'cairn-one-sync-',
        () => (packSyncs.length = 0),
        async (store) => {
          const result = await store.execute(
            {
              command: 'str_replace',
              path: '/memories/theirs.md',
              old_str: 'another program',
              new_str: 'Claude'
            },
            CLAUDE
          )
          expect(result.isError).toBe(false)
          expect(packSyncs.length).toBe(1)
          const versions = await store.history('/memories/theirs.md')
          expect(versions.map((version) => version.stored)).toEqual([true])
          expect(versions[0]?.before).not.toBeNull()
        }
      )
    }
  )

  const dir = useTempDir('cairn-one-sync-batch-')

  // Linux only, as above.
  it.runIf(process.platform === 'linux')(
    'a batch of versions kept lazily (a watcher batch of outside edits) is made durable by one fdatasync',
    async () => {
      const { BlobStore } = await import('../blobs')
      const { hashOf } = await import('../../kernel/files')
      const blobs = await BlobStore.open(dir())
      packSyncs.length = 0
      const texts = Array.from({ length: 40 }, () => randomBytes(20_000).toString('base64'))
      const kept = texts.map((text) => blobs.put(hashOf(Buffer.from(text)), text, true))
      const failures: unknown[] = []
      await blobs.settle((error) => failures.push(error))
      await Promise.all(kept)
      expect(failures).toEqual([])
      expect(packSyncs.length).toBe(1)
      for (const text of texts)
        expect((await blobs.read(hashOf(Buffer.from(text))))?.toString()).toBe(text)
    }
  )

  it('a version kept lazily while a settle runs is made durable by it too', async () => {
    const { BlobStore } = await import('../blobs')
    const { hashOf } = await import('../../kernel/files')
    const blobs = await BlobStore.open(dir())
    const [early, late] = ['kept before the settle', 'kept while it runs']
    const first = blobs.put(hashOf(Buffer.from(early)), early, true)
    const settling = blobs.settle((error) => {
      throw error
    })
    const second = blobs.put(hashOf(Buffer.from(late)), late, true)
    await settling
    await Promise.all([first, second])
    expect((await blobs.read(hashOf(Buffer.from(late))))?.toString()).toBe(late)
  })
})
