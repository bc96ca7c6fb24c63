import { randomBytes } from 'node:crypto'
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { CLAUDE, DAY, manualClock, runner, useMemory } from '../../__tests__/helpers'
import { hashOf } from '../../kernel/files'
import { packBytes, packRecords } from './packs'

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)

async function newest(): Promise<ActivityEntry> {
  const page = await store.activity({ limit: 1 })
  return page.entries[0] as ActivityEntry
}

async function disk(name: string): Promise<string | null> {
  return readFile(join(mem.root(), name), 'utf8').catch(() => null)
}

async function revertNewest(): Promise<number> {
  const entry = await newest()
  const result = await store.revert(entry.seq)
  expect(result.status, JSON.stringify(result)).toBe('reverted')
  return entry.seq
}

async function blobCount(): Promise<number> {
  return (await packRecords(mem.stateDir())).hashes.size
}

describe('version history', () => {
  it('records before/after hashes whose texts are in history, for every tool command', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'one\n' })
    const created = await newest()
    expect(created.versions).toEqual([
      expect.objectContaining({ path: '/memories/a.md', before: null, after: hashOf('one\n') })
    ])
    await tool.ok({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'one',
      new_str: 'two'
    })
    const edited = await newest()
    expect(edited.versions?.[0]).toMatchObject({ before: hashOf('one\n'), after: hashOf('two\n') })
    expect(await store.versionText(hashOf('one\n'))).toBe('one\n')
    expect(await store.versionText(hashOf('two\n'))).toBe('two\n')
  })

  it('reverts every actor: Claude, the inspector, outside changes, expiry, archive restore', async () => {
    const clock = manualClock()
    store = await mem.open({ clock: clock.clock })
    // Claude: create, str_replace, insert, rename, delete, each undone in turn.
    await tool.ok({ command: 'create', path: '/memories/c.md', file_text: 'alpha\n' })
    await revertNewest()
    expect(await disk('c.md')).toBeNull()
    await tool.ok({ command: 'create', path: '/memories/c.md', file_text: 'alpha\n' })
    await tool.ok({
      command: 'str_replace',
      path: '/memories/c.md',
      old_str: 'alpha',
      new_str: 'beta'
    })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')
    await tool.ok({ command: 'insert', path: '/memories/c.md', insert_line: 0, insert_text: 'top' })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')
    await tool.ok({ command: 'rename', old_path: '/memories/c.md', new_path: '/memories/d/c.md' })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')
    expect(await disk('d/c.md')).toBeNull()
    await tool.ok({ command: 'delete', path: '/memories/c.md' })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')

    // The inspector: write, create, rename, delete.
    await store.write({ path: '/memories/c.md', content: 'user text\n' })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')
    await store.create({ path: '/memories/u.md', content: 'new\n' })
    await revertNewest()
    expect(await disk('u.md')).toBeNull()
    await store.rename({ from: '/memories/c.md', to: '/memories/e.md' })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')
    await store.delete('/memories/c.md')
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')

    // An outside change the watcher applies: back to the last text the engine had.
    await writeFile(join(mem.root(), 'c.md'), 'outside\n')
    await store.applyExternal(['c.md'])
    expect((await newest()).versions?.[0]).toMatchObject({ before: hashOf('alpha\n') })
    await revertNewest()
    expect(await disk('c.md')).toBe('alpha\n')

    // Expiry (archive), then the archive restore, then undo of the expiry after undoing the restore.
    store.updateExpiry({ mode: 'age', days: 1, action: 'archive' })
    clock.advance(2 * DAY)
    const swept = await store.sweep()
    expect(swept.expired.map((item) => item.path)).toEqual(['/memories/c.md'])
    const expiry = await newest()
    expect(expiry.command).toBe('expire')
    store.updateExpiry({ mode: 'off' })
    await store.restoreArchived({
      archiveId: swept.expired[0]?.archiveId ?? '',
      path: '/memories/c.md'
    })
    await revertNewest() // the restore
    expect(await disk('c.md')).toBeNull()
    const again = await store.revert(expiry.seq)
    expect(again.status).toBe('reverted')
    expect(await disk('c.md')).toBe('alpha\n')
  })

  it('undoes an undo, and the undo is attributed like any entry', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'v1\n' })
    await tool.ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'v1', new_str: 'v2' })
    const edit = await newest()
    await store.revert(edit.seq)
    const undo = await newest()
    expect(undo).toMatchObject({ command: 'revert', revertOf: edit.seq, actor: { kind: 'user' } })
    expect(await disk('a.md')).toBe('v1\n')
    expect((await store.revert(undo.seq)).status).toBe('reverted')
    expect(await disk('a.md')).toBe('v2\n')
    // Claude as the actor of an undo is recorded as such.
    await store.revert((await newest()).seq, CLAUDE)
    expect(await newest()).toMatchObject({ actor: CLAUDE, command: 'revert' })
    expect(await disk('a.md')).toBe('v1\n')
  })

  it('answers a conflict after an outside change and changes nothing', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'mine\n' })
    await tool.ok({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'mine',
      new_str: 'ours'
    })
    const edit = await newest()
    // Not yet reconciled: the engine must look at the disk, not its index.
    await writeFile(join(mem.root(), 'a.md'), 'theirs\n')
    const before = (await store.activity()).total
    const result = await store.revert(edit.seq)
    expect(result).toMatchObject({
      status: 'conflict',
      path: '/memories/a.md',
      expected: 'ours\n',
      current: 'theirs\n'
    })
    expect(await disk('a.md')).toBe('theirs\n')
    // The outside edit was taken in (a version of its own); no revert entry was made.
    const after = await store.activity()
    expect(after.total).toBe(before + 1)
    expect(after.entries[0]).toMatchObject({ command: 'external', paths: ['/memories/a.md'] })
    // A path re-created after its delete is a conflict too.
    await tool.ok({ command: 'create', path: '/memories/b.md', file_text: 'b\n' })
    await tool.ok({ command: 'delete', path: '/memories/b.md' })
    const deletion = await newest()
    await writeFile(join(mem.root(), 'b.md'), 'other b\n')
    expect(await store.revert(deletion.seq)).toMatchObject({
      status: 'conflict',
      expected: null,
      current: 'other b\n'
    })
    expect(await disk('b.md')).toBe('other b\n')
  })

  it('undoes over a file changed since only when asked, and only while it holds what was compared', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/n.md', file_text: 'first\n' })
    const created = await newest()
    await writeFile(join(mem.root(), 'n.md'), 'first\nmine\n')
    const conflict = await store.revert(created.seq)
    expect(conflict).toMatchObject({
      status: 'conflict',
      change: 'create',
      currentHash: hashOf(Buffer.from('first\nmine\n'))
    })
    // Changed again after the compare: the agreed hash no longer holds, nothing is deleted.
    await writeFile(join(mem.root(), 'n.md'), 'first\nmine\nmore\n')
    const stale = [{ path: '/memories/n.md', hash: hashOf(Buffer.from('first\nmine\n')) }]
    expect(await store.revert(created.seq, undefined, stale)).toMatchObject({ status: 'conflict' })
    expect(await disk('n.md')).toBe('first\nmine\nmore\n')
    // As compared: "Delete anyway" deletes it, as one undo of that entry (so it reads Undone).
    const agreed = [{ path: '/memories/n.md', hash: hashOf(Buffer.from('first\nmine\nmore\n')) }]
    expect(await store.revert(created.seq, undefined, agreed)).toMatchObject({
      status: 'reverted'
    })
    expect(await disk('n.md')).toBeNull()
    expect(await store.undone([created.seq])).toEqual([created.seq])
    // A delete undone over a new file of the same name replaces it (what it held stays in history).
    await tool.ok({ command: 'create', path: '/memories/d.md', file_text: 'old\n' })
    await tool.ok({ command: 'delete', path: '/memories/d.md' })
    const deletion = await newest()
    await writeFile(join(mem.root(), 'd.md'), 'new\n')
    const taken = await store.revert(deletion.seq)
    expect(taken).toMatchObject({ status: 'conflict', change: 'delete' })
    const hash = taken.status === 'conflict' ? (taken.currentHash ?? null) : null
    expect(
      await store.revert(deletion.seq, undefined, [{ path: '/memories/d.md', hash }])
    ).toMatchObject({ status: 'reverted' })
    expect(await disk('d.md')).toBe('old\n')
  })

  it('lists versions of a path newest first, through renames and deletes', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/old.md', file_text: 'a\n' })
    await tool.ok({ command: 'str_replace', path: '/memories/old.md', old_str: 'a', new_str: 'b' })
    await tool.ok({ command: 'rename', old_path: '/memories/old.md', new_path: '/memories/new.md' })
    await store.write({ path: '/memories/new.md', content: 'c\n' })
    const list = await store.history('/memories/new.md')
    expect(list.map((v) => [v.command, v.hash])).toEqual([
      ['write', hashOf('c\n')],
      ['rename', hashOf('b\n')],
      ['str_replace', hashOf('b\n')],
      ['create', hashOf('a\n')]
    ])
    expect(list[0]).toMatchObject({ actor: { kind: 'user' }, size: 2, stored: true })
    expect(list[1]).toMatchObject({ from: '/memories/old.md', path: '/memories/new.md' })
    // The old name shows it was renamed away.
    expect((await store.history('/memories/old.md'))[0]).toMatchObject({
      command: 'rename',
      hash: null
    })
    await tool.ok({ command: 'delete', path: '/memories/new.md' })
    const gone = await store.history('/memories/new.md')
    expect(gone[0]).toMatchObject({ command: 'delete', hash: null, before: hashOf('c\n') })
    expect(gone).toHaveLength(5)
    // A folder delete records every file in it, and comes back whole.
    await tool.ok({ command: 'create', path: '/memories/f/x.md', file_text: 'x\n' })
    await tool.ok({ command: 'create', path: '/memories/f/y.md', file_text: 'y\n' })
    await tool.ok({ command: 'delete', path: '/memories/f' })
    expect((await newest()).versions).toHaveLength(2)
    await revertNewest()
    expect([await disk('f/x.md'), await disk('f/y.md')]).toEqual(['x\n', 'y\n'])
  })

  it('is invisible to every memory-tool command and never counts toward the caps', async () => {
    store = await mem.open()
    for (let i = 0; i < 5; i++)
      await tool.ok({ command: 'create', path: `/memories/n${i}.md`, file_text: `note ${i}\n` })
    await tool.ok({
      command: 'str_replace',
      path: '/memories/n0.md',
      old_str: 'note',
      new_str: 'x'
    })
    expect(await blobCount()).toBeGreaterThan(0)
    const listing = await tool.ok({ command: 'view', path: '/memories' })
    expect(listing).not.toMatch(/history|blob|journal|\.gz|[0-9a-f]{64}/)
    for (const path of [
      '/memories/../memory-state',
      '/memories/../state/history',
      '/memories/history',
      '/memories/.history'
    ]) {
      expect((await tool.run({ command: 'view', path })).isError).toBe(true)
      expect((await tool.run({ command: 'delete', path })).isError).toBe(true)
    }
    const usage = await store.usage()
    expect(usage.totalBytes).toBe('x 0\n'.length + 4 * 'note 1\n'.length)
    expect(usage.files).toBe(5)
  })

  it('prunes oldest-first past the byte budget and the age, never the latest versions', async () => {
    const clock = manualClock()
    store = await mem.open({
      clock: clock.clock,
      history: { maxBytes: 1024 * 1024, maxDays: 180, keepLatest: 3 }
    })
    // Incompressible versions of 100 KB: 15 of them are over the 1 MiB budget, so the writes
    // themselves prune (the budget holds after every write, not only at the sweep).
    const texts: string[] = []
    for (let i = 0; i < 15; i++) {
      const text = randomBytes(75_000).toString('base64')
      texts.push(text)
      await store.write({ path: '/memories/big.md', content: text })
      expect(await packBytes(mem.stateDir())).toBeLessThanOrEqual(1024 * 1024)
      clock.advance(1000)
    }
    await store.write({ path: '/memories/small.md', content: 'small\n' })
    const after = await store.history('/memories/big.md')
    // Oldest first: what is left is the newest run; the latest three always stay.
    expect(after.length).toBeLessThan(15)
    expect(after.length).toBeGreaterThanOrEqual(3)
    expect(after.map((v) => v.hash)).toEqual(
      texts
        .slice(-after.length)
        .reverse()
        .map((text) => hashOf(text))
    )
    await store.sweep()
    expect(await store.history('/memories/big.md')).toEqual(after)
    // Kept: each kept version, the before-text of the oldest kept entry, and small.md.
    expect(await blobCount()).toBe(after.length + 2)
    expect(await store.versionText(hashOf(texts[14] as string))).toBe(texts[14])
    await expect(store.versionText(hashOf(texts[0] as string))).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND'
    })
    // Age: 200 days on, only the latest three of each path remain.
    clock.advance(200 * DAY)
    await store.sweep()
    expect(await store.history('/memories/big.md')).toHaveLength(3)
    expect(await store.history('/memories/small.md')).toHaveLength(1)
    // The latest entry can still be undone.
    expect(
      (await store.revert((await store.history('/memories/big.md'))[0]?.seq ?? 0)).status
    ).toBe('reverted')
    expect(await disk('big.md')).toBe(texts[13])
  })

  it('drops a crash-cut tail and temp files, keeps what a current file needs', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'kept\n' })
    await store.dispose()
    const dir = join(mem.stateDir(), 'history', 'blobs')
    const [pack] = (await readdir(dir)).filter((name) => name.endsWith('.dat'))
    const size = (await readFile(join(dir, pack as string))).length
    // A record cut short by a crash, and a temp file.
    await appendFile(join(dir, pack as string), Buffer.from('CBLB then nothing whole'))
    await writeFile(join(dir, '.pack-000009.dat.1234.tmp'), 'torn')
    store = await mem.open()
    await store.sweep()
    expect(await readdir(dir)).toEqual([pack])
    expect((await readFile(join(dir, pack as string))).length).toBe(size)
    expect(await store.versionText(hashOf('kept\n'))).toBe('kept\n')
    expect((await packRecords(mem.stateDir())).problems).toEqual([])
  })

  it('records a file above the blob threshold by hash only; revert says why it cannot', async () => {
    // Put there by another program: the user's own saves are capped well below the threshold.
    await mkdir(mem.root(), { recursive: true })
    await writeFile(join(mem.root(), 'huge.md'), 'z'.repeat(16 * 1024 * 1024 + 10))
    store = await mem.open()
    await store.write({ path: '/memories/huge.md', content: 'small now\n' })
    const edit = await newest()
    // Above the threshold the engine knows a file by its size and time, not a content hash.
    expect(edit.versions?.[0]).toMatchObject({ unstored: ['before'] })
    expect(edit.versions?.[0]?.before).toBeTruthy()
    await expect(store.revert(edit.seq)).rejects.toMatchObject({
      code: 'MEMORY_REFUSED',
      message: expect.stringContaining('was not kept: it is too large to keep (16 MB)')
    })
    expect(await disk('huge.md')).toBe('small now\n')
    // The file predates the index, so its only version is the edit, naming the big one before it.
    const versions = await store.history('/memories/huge.md')
    expect(versions).toHaveLength(1)
    expect(versions[0]).toMatchObject({ stored: true, before: edit.versions?.[0]?.before })
  })

  it('can be switched off: no history folder, no versions on entries', async () => {
    store = await mem.open({ history: false })
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'x\n' })
    expect((await newest()).versions).toBeUndefined()
    expect(await readdir(mem.stateDir())).not.toContain('history')
    await expect(store.history('/memories/a.md')).rejects.toMatchObject({ code: 'MEMORY_REFUSED' })
  })

  it('catches the journal up from the activity log after a crash between the two', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'x\n' })
    await tool.ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'x', new_str: 'y' })
    await store.dispose()
    // The journal lost its last line (as if killed after the activity append).
    const file = join(mem.stateDir(), 'history', 'journal.jsonl')
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n')
    await writeFile(file, `${lines.slice(0, -1).join('\n')}\n`)
    store = await mem.open()
    expect(await store.history('/memories/a.md')).toHaveLength(2)
  })
})
