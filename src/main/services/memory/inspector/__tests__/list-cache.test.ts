import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemoryListPage } from '@shared/memory/memory'
import type { MemoryStore } from '../..'
import { ListCache } from '../list-cache'
import { parseMemoryPath } from '../../jail/paths'
import { listEntries } from '../user-ops'
import { DAY, manualClock, runner, useMemory } from '../../__tests__/helpers'

// memory:list pages through an order kept between calls (list-cache.ts). Whoever changes the
// folder — Claude, the user, another program (then applyExternal), the expiry — the next list
// must show the disk as it is, and a change must not cost a walk of the whole folder.

const mem = useMemory()
let store: MemoryStore
const { ok, err } = runner(() => store)

async function put(rel: string, text: string): Promise<void> {
  const host = join(mem.root(), rel)
  await mkdir(join(host, '..'), { recursive: true })
  await writeFile(host, text)
}

const shape = (page: MemoryListPage) => ({
  total: page.total,
  entries: page.entries.map((entry) => `${entry.kind} ${entry.path} ${entry.size}`)
})

/** What a walk of the disk, with no order kept, answers now (the truth to compare with). */
async function fromDisk(path = '/memories', cursor?: string, limit = 2000) {
  const parsed = parseMemoryPath(path)
  if (!parsed.ok) throw new Error(parsed.message)
  return shape(await listEntries(store.ctx({ kind: 'user' }, false), parsed.path, cursor, limit))
}

/** The store's answer equals the disk's, for the whole folder and page by page. */
async function expectFresh(path = '/memories'): Promise<string[]> {
  const whole = shape(await store.list({ path, limit: 2000 }))
  expect(whole).toEqual(await fromDisk(path))
  let cursor: string | undefined
  const paged: string[] = []
  do {
    const page = await store.list({ path, limit: 3, ...(cursor ? { cursor } : {}) })
    expect(shape(page)).toEqual(await fromDisk(path, cursor, 3))
    paged.push(...shape(page).entries)
    cursor = page.nextCursor
  } while (cursor)
  expect(paged).toEqual(whole.entries)
  return whole.entries
}

let invalidations: ReturnType<typeof vi.spyOn>
afterEach(() => invalidations?.mockRestore())

async function openWith(files: string[], extra = {}): Promise<void> {
  for (const rel of files) await put(rel, rel)
  store = await mem.open(extra)
  await expectFresh()
  invalidations = vi.spyOn(ListCache.prototype, 'invalidate')
}

describe('the kept listing order', () => {
  it('follows Claude’s changes without walking the whole folder again', async () => {
    await openWith(['a.md', 'm/one.md', 'm/two.md', 'z/deep/x.md'])
    await ok({ command: 'create', path: '/memories/new/inner/n.md', file_text: 'hello' })
    expect(await expectFresh()).toContain('file /memories/new/inner/n.md 5')
    await ok({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'a.md',
      new_str: 'a longer text'
    })
    await ok({ command: 'rename', old_path: '/memories/m', new_path: '/memories/b' })
    await expectFresh()
    await ok({ command: 'delete', path: '/memories/z/deep/x.md' })
    await ok({ command: 'delete', path: '/memories/new' })
    const after = await expectFresh()
    expect(after.some((line) => line.includes('/memories/new'))).toBe(false)
    expect(after.some((line) => line.includes('/memories/m/'))).toBe(false)
    await err({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b' })
    await expectFresh()
    expect(invalidations).not.toHaveBeenCalled()
  })

  it('follows the inspector’s writes, folders, renames, deletes and restores', async () => {
    await openWith(['a.md', 'f/one.md'], { expiry: { mode: 'idle', days: 1, action: 'archive' } })
    await store.write({ path: '/memories/f/two.md', content: 'two two' })
    await store.create({ path: '/memories/empty', content: '', kind: 'dir' })
    await store.create({ path: '/memories/g/h/new.md', content: 'n' })
    await expectFresh()
    await store.rename({ from: '/memories/f', to: '/memories/e' })
    await store.delete('/memories/a.md')
    const listed = await expectFresh()
    expect(listed.some((line) => line.startsWith('dir /memories/empty '))).toBe(true)
    expect(listed.some((line) => line.startsWith('file /memories/e/two.md 7'))).toBe(true)
    await expect(
      store.rename({ from: '/memories/nope.md', to: '/memories/x.md' })
    ).rejects.toThrow()
    await expectFresh()
  })

  it('follows outside changes once applyExternal names them (files, folders, links, temp files)', async () => {
    await openWith(['a.md', 'f/one.md', 'f/two.md', 'g/x.md'])
    await put('f/three.md', '3')
    await put('n/e/w.md', 'new')
    await mkdir(join(mem.root(), 'bare'))
    await rm(join(mem.root(), 'g'), { recursive: true })
    await rm(join(mem.root(), 'a.md'))
    await mkdir(join(mem.root(), 'a.md'))
    await symlink(join(mem.root(), 'f'), join(mem.root(), 'link'))
    await writeFile(join(mem.root(), '.cairn-00000000-0000-0000-0000-000000000000.tmp'), 't')
    await put('f/odd:name.md', 'refused by the tool, listed all the same')
    await store.applyExternal([
      'f/three.md',
      'n/e/w.md',
      'bare',
      'g',
      'a.md',
      'link',
      'f/odd:name.md',
      '.cairn-00000000-0000-0000-0000-000000000000.tmp'
    ])
    const listed = await expectFresh()
    expect(listed.some((line) => line.startsWith('dir /memories/a.md '))).toBe(true)
    expect(listed).toContain('file /memories/n/e/w.md 3')
    expect(listed.some((line) => line.startsWith('file /memories/f/odd:name.md'))).toBe(true)
    expect(listed.some((line) => line.includes('/memories/link'))).toBe(false)
    expect(listed.some((line) => line.includes('.tmp'))).toBe(false)
    await put('later.md', 'l')
    await store.applyExternal()
    expect(await expectFresh()).toContain('file /memories/later.md 1')
    expect(invalidations).toHaveBeenCalledTimes(1) // the whole-folder apply, nothing else
  })

  it('never serves an entry an outside program removed before the watcher said so', async () => {
    await openWith(['a.md', 'b/c.md', 'd.md'])
    await rm(join(mem.root(), 'b'), { recursive: true })
    await expectFresh()
    expect(invalidations).toHaveBeenCalled()
  })

  it('follows the expiry (archived files go, emptied folders with them) and the sweep', async () => {
    const time = manualClock()
    await openWith([], { clock: time.clock, expiry: { mode: 'idle', days: 2, action: 'archive' } })
    await ok({ command: 'create', path: '/memories/old/deep/x.md', file_text: 'x' })
    await ok({ command: 'create', path: '/memories/keep.md', file_text: 'k' })
    await expectFresh()
    time.advance(DAY)
    await ok({ command: 'view', path: '/memories/keep.md' })
    time.advance(1.5 * DAY)
    expect((await store.expire()).expired.map((item) => item.path)).toEqual([
      '/memories/old/deep/x.md'
    ])
    expect(await expectFresh()).not.toContain('file /memories/old/deep/x.md 1')
    const [archived] = await store.listArchived()
    await store.restoreArchived({
      archiveId: archived?.archiveId ?? '',
      path: '/memories/old/deep/x.md'
    })
    expect(await expectFresh()).toContain('file /memories/old/deep/x.md 1')
    expect(invalidations).not.toHaveBeenCalled()
    time.advance(5 * DAY)
    await store.sweep()
    expect((await expectFresh()).filter((line) => line.startsWith('file'))).toEqual([])
  })

  it('keeps cursors stable across a change between pages', async () => {
    await openWith(['b.md', 'd.md', 'f.md', 'h.md'])
    const first = await store.list({ limit: 2 })
    expect(first.nextCursor).toBe('/memories/d.md')
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await ok({ command: 'create', path: '/memories/e.md', file_text: 'e' })
    await ok({ command: 'delete', path: '/memories/d.md' })
    const next = await store.list({ cursor: '/memories/d.md', limit: 2 })
    expect(next.entries.map((entry) => entry.path)).toEqual(['/memories/e.md', '/memories/f.md'])
    expect(next.total).toBe(5)
    expect(shape(next)).toEqual(await fromDisk('/memories', '/memories/d.md', 2))
  })

  it('lists a subfolder, and starts again when that folder itself changes', async () => {
    await openWith(['s/a.md', 's/t/b.md', 'other.md'])
    await expectFresh('/memories/s')
    await ok({ command: 'create', path: '/memories/s/t/c.md', file_text: 'c' })
    await ok({ command: 'create', path: '/memories/elsewhere.md', file_text: 'e' })
    await expectFresh('/memories/s')
    await ok({ command: 'rename', old_path: '/memories/s', new_path: '/memories/s2' })
    await ok({ command: 'create', path: '/memories/s/fresh.md', file_text: 'f' })
    expect(await expectFresh('/memories/s')).toEqual(['file /memories/s/fresh.md 1'])
    await expectFresh()
  })
})
