import { createRequire, syncBuiltinESMExports } from 'node:module'
import { afterAll, describe, expect, it } from 'vitest'
import { CLAUDE, withOutsideFile } from './outside-file-rig'

// The order of what reaches the disk when a file history has no copy of is deleted: the pack
// holding its text is synced before the file is unlinked. The engine promisifies fdatasync when it
// loads, so the recording is put in place first and the engine imported after it.
const require = createRequire(import.meta.url)
const fsCjs = require('node:fs') as typeof import('node:fs')
const originalSync = fsCjs.fdatasync
const originalUnlink = fsCjs.unlinkSync
const events: string[] = []
fsCjs.fdatasync = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
  let pack = false
  try {
    pack = /pack-\d+\.dat$/.test(fsCjs.readlinkSync(`/proc/self/fd/${fd}`))
  } catch {
    // not a descriptor /proc can name
  }
  return originalSync(fd, (error) => {
    if (pack && !error) events.push('pack synced')
    done(error)
  })
}) as typeof fsCjs.fdatasync
fsCjs.unlinkSync = ((path: import('node:fs').PathLike) => {
  if (String(path).endsWith('theirs.md')) events.push('file unlinked')
  return originalUnlink(path)
}) as typeof fsCjs.unlinkSync
syncBuiltinESMExports()

afterAll(() => {
  fsCjs.fdatasync = originalSync
  fsCjs.unlinkSync = originalUnlink
  syncBuiltinESMExports()
})

describe('history: a delete keeps the text first', () => {
  // Linux only: a pack's descriptor is recognised by its name under /proc/self/fd.
  it.runIf(process.platform === 'linux')(
    'the version of a file history never kept is durable in its pack before the file is unlinked',
    async () => {
      await withOutsideFile(
        'cairn-delete-order-',
        () => (events.length = 0),
        async (store) => {
          const result = await store.execute(
            { command: 'delete', path: '/memories/theirs.md' },
            CLAUDE
          )
          expect(result.isError).toBe(false)
          expect(events.indexOf('pack synced')).toBeGreaterThanOrEqual(0)
          expect(events.indexOf('pack synced')).toBeLessThan(events.indexOf('file unlinked'))
          const versions = await store.history('/memories/theirs.md')
          expect(versions[0]?.stored).toBe(true)
        }
      )
    }
  )
})
