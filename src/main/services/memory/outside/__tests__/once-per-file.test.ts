import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useMemory } from '../../__tests__/helpers'
import { indexOf } from './helpers'
import { reconcilePaths } from '../scan'

// A watcher batch can name a file and its folder (the recheck adds `folder/`), so one batch may
// read a file twice; when another program saves it between the two reads, both reads differ
// from the index. CI once logged that as "2 files changed outside the app (2 changed)" for one.

const mem = useMemory()
const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/** A pace that saves `rel` with `text` just before the batch's second step (the folder look). */
function savedBetweenReads(rel: string, text: string) {
  let calls = 0
  return async () => {
    calls += 1
    if (calls === 2) await writeFile(join(mem.root(), rel), text)
  }
}

describe('one batch, one count per file', () => {
  it('counts a file changed twice within one batch as one file changed, with its last bytes', async () => {
    await mkdir(mem.root(), { recursive: true })
    await writeFile(join(mem.root(), 'busy.md'), 'v0')
    const store = await mem.open()
    await writeFile(join(mem.root(), 'busy.md'), 'version 1')
    const ctx = store.ctx({ kind: 'external' }, false)
    const result = await reconcilePaths(
      ctx,
      ['busy.md', '/'],
      savedBetweenReads('busy.md', 'version 2, longer')
    )
    expect(result.changed).toEqual(['busy.md'])
    expect(result.added).toEqual([])
    expect(indexOf(store).get('busy.md')?.hash).toBe(sha('version 2, longer'))
  })

  it('keeps a new file that changed again within its batch as added, once', async () => {
    await mkdir(mem.root(), { recursive: true })
    const store = await mem.open()
    await writeFile(join(mem.root(), 'new.md'), 'first')
    const ctx = store.ctx({ kind: 'external' }, false)
    const result = await reconcilePaths(
      ctx,
      ['new.md', '/'],
      savedBetweenReads('new.md', 'second, longer')
    )
    expect(result.added).toEqual(['new.md'])
    expect(result.changed).toEqual([])
    expect(indexOf(store).get('new.md')?.hash).toBe(sha('second, longer'))
  })
})
