import { readdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useMemory } from '../../__tests__/helpers'
import { MemoryWatcher } from '../watcher'
import { recorder } from './helpers'

const mem = useMemory()

/** Open descriptors of this process (Linux), or undefined where /proc is missing. */
function openFds(): number | undefined {
  try {
    return readdirSync('/proc/self/fd').length
  } catch {
    return undefined
  }
}

const handles = () =>
  process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap' && kind !== 'Timeout')

describe('starting and stopping the watcher', () => {
  it('100 start/stop cycles leak no handles or descriptors', async () => {
    const store = await mem.open()
    const changes = recorder(store)
    const root = mem.root()
    await writeFile(join(root, 'a.md'), 'a')
    // One warm-up cycle that sees a change, so lazily created process-wide handles and the
    // engine's lazily opened files (the history journal) are counted in the baseline.
    const warmUp = await MemoryWatcher.start({ root, memory: store })
    await writeFile(join(root, 'a.md'), 'warm-up')
    await changes.waitFor((change) => change.paths.includes('/memories/a.md'))
    await warmUp.dispose()
    const fdsBefore = openFds()
    const handlesBefore = handles().length
    for (let cycle = 0; cycle < 100; cycle++) {
      const watcher = await MemoryWatcher.start({ root, memory: store })
      if (cycle % 10 === 0) {
        // Some cycles see a change before stopping, so batches in flight are stopped too.
        await writeFile(join(root, 'a.md'), `cycle ${cycle}`)
        await changes.waitFor(
          (change) =>
            change.paths.includes('/memories/a.md') && changes.external().length > cycle / 10 + 1
        )
      }
      await watcher.dispose()
    }
    expect(handles().length).toBeLessThanOrEqual(handlesBefore)
    if (fdsBefore !== undefined) expect(openFds()).toBeLessThanOrEqual(fdsBefore)
  })
})
