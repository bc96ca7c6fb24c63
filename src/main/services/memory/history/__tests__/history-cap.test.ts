import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { manualClock, runner, useMemory } from '../../__tests__/helpers'
import { packBytes } from './packs'

// Review finding 3(a): `maxBytes` is a bound on the bytes history takes on disk, after every
// write, not only after the hourly sweep; deleted paths' versions are not exempt.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)
const MiB = 1024 * 1024

/** 80 KB of text that gzip cannot shrink much (base64 of random bytes). */
function noise(): string {
  return `${randomBytes(60_000).toString('base64')}\n`
}

async function pruneEntries(): Promise<ActivityEntry[]> {
  const page = await store.activity({ limit: 500 })
  return page.entries.filter((entry) => (entry.command as string) === 'prune')
}

async function cycles(pathOf: (i: number) => string): Promise<number> {
  const clock = manualClock()
  store = await mem.open({
    clock: clock.clock,
    history: { maxBytes: MiB, maxDays: 180, keepLatest: 20 }
  })
  let worst = 0
  for (let i = 0; i < 240; i++) {
    const path = pathOf(i)
    await tool.ok({ command: 'create', path, file_text: noise() })
    worst = Math.max(worst, await packBytes(mem.stateDir()))
    clock.advance(1000)
    await tool.ok({ command: 'delete', path })
    worst = Math.max(worst, await packBytes(mem.stateDir()))
    clock.advance(1000)
  }
  return worst
}

describe('history maxBytes is a bound on disk', () => {
  it('240 create/delete cycles of 80 KB files on distinct paths stay under 1 MiB after every write', async () => {
    const worst = await cycles((i) => `/memories/n-${i}.md`)
    expect(worst).toBeLessThanOrEqual(MiB)
    await store.sweep()
    expect(await packBytes(mem.stateDir())).toBeLessThanOrEqual(MiB)
    // The newest change is still in history and can be undone (the file comes back).
    const newest = (await store.history('/memories/n-239.md'))[0]
    expect(newest).toMatchObject({ hash: null })
    expect((await store.revert(newest?.seq ?? 0)).status).toBe('reverted')
    expect(await packBytes(mem.stateDir())).toBeLessThanOrEqual(MiB)
  }, 120_000)

  it('240 create/delete cycles of 80 KB files on one path stay under 1 MiB after every write', async () => {
    const worst = await cycles(() => '/memories/same.md')
    expect(worst).toBeLessThanOrEqual(MiB)
    await store.sweep()
    expect(await packBytes(mem.stateDir())).toBeLessThanOrEqual(MiB)
    // keepLatest (20) protects only while the cap allows: fewer than 20 versions of 80 KB fit.
    const versions = await store.history('/memories/same.md')
    expect(versions.length).toBeGreaterThan(2)
    expect(versions.length).toBeLessThan(40)
  }, 120_000)

  it('says in the activity log what pruning dropped: one system entry per pruning', async () => {
    await cycles((i) => `/memories/p-${i % 7}.md`)
    const entries = await pruneEntries()
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) {
      expect(entry.actor).toEqual({ kind: 'system' })
      expect(entry.outcome).toBe('ok')
      expect(entry.versions).toBeUndefined()
      expect(entry.message).toMatch(
        /^History pruned \d+ old versions? of \d+ files? to stay under 1 MB$/
      )
      expect(entry.paths.length).toBeGreaterThan(0)
    }
    // Pruning runs rarely (it makes room ahead), not after every write.
    expect(entries.length).toBeLessThan(120)
  }, 120_000)

  it('when even the newest versions do not fit, they go too, and reopening does not bring them back', async () => {
    store = await mem.open({ history: { maxBytes: MiB, maxDays: 180, keepLatest: 20 } })
    // Two versions of about 610 KB gzipped: the edit's before and after cannot both fit.
    const first = randomBytes(600_000).toString('base64')
    const second = randomBytes(600_000).toString('base64')
    // Written by another program (the user's saves are capped per file).
    await mkdir(mem.root(), { recursive: true })
    await writeFile(join(mem.root(), 'a.md'), first)
    await store.applyExternal(['a.md'])
    await writeFile(join(mem.root(), 'a.md'), second)
    await store.applyExternal(['a.md'])
    expect(await packBytes(mem.stateDir())).toBeLessThanOrEqual(MiB)
    // Both entries went (the edit's before-text alone is most of the budget); the current text
    // stays as long as it fits, for the next change's before-text.
    const kept = await store.history('/memories/a.md')
    expect(kept).toEqual([])
    const prune = (await pruneEntries())[0]
    expect(prune?.message).toBe('History pruned 2 old versions of 1 file to stay under 1 MB')
    await store.dispose()
    // The journal remembers how far it got: pruned entries are not caught up again from the log.
    store = await mem.open({ history: { maxBytes: MiB, maxDays: 180, keepLatest: 20 } })
    expect(await store.history('/memories/a.md')).toEqual(kept)
  }, 60_000)
})
