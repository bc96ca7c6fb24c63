import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

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
const { openMemoryStore } = await import('../..')

afterAll(() => {
  fsCjs.fdatasync = original
  syncBuiltinESMExports()
})

describe('history: one durable append per command', () => {
  it.runIf(process.platform === 'linux')(
    'a first edit of a file Cairn never saw keeps its before and after versions with one fdatasync',
    async () => {
      const base = await mkdtemp(join(tmpdir(), 'cairn-one-sync-'))
      const root = join(base, 'memories')
      await mkdir(root, { recursive: true })
      await writeFile(join(root, 'theirs.md'), 'written by another program\n')
      const store = await openMemoryStore({ root, stateDir: join(base, 'state') })
      const actor = { kind: 'claude', conversationId: 'c' } as const
      try {
        // The first version history keeps opens a pack: not what is counted.
        await store.execute({ command: 'create', path: '/memories/mine.md', file_text: 'x' }, actor)
        packSyncs.length = 0
        const result = await store.execute(
          {
            command: 'str_replace',
            path: '/memories/theirs.md',
            old_str: 'another program',
            new_str: 'Claude'
          },
          actor
        )
        expect(result.isError).toBe(false)
        expect(packSyncs.length).toBe(1)
        const versions = await store.history('/memories/theirs.md')
        expect(versions.map((version) => version.stored)).toEqual([true])
        expect(versions[0]?.before).not.toBeNull()
      } finally {
        await store.dispose()
        await rm(base, { recursive: true, force: true })
      }
    }
  )
})
