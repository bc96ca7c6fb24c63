import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { runner, useMemory } from '../../__tests__/helpers'
import { hashOf } from '../../kernel/files'
import { keptTexts } from '../../__tests__/kept-bytes'
import { packRecords } from './packs'

// "Forget" (issue 23): versions go from history for good, the packs are rewritten without them,
// and a record says that something was forgotten, never what.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)
const SECRET = 'pass-Zq8vN3kT'
const path = '/memories/a.md'

/** Every byte Cairn keeps (memory folder, state, history packs decompressed), as one text. */
async function everything(): Promise<string> {
  return (await keptTexts(mem.temp())).map((kept) => kept.text).join('\n')
}

async function newest(): Promise<ActivityEntry> {
  return (await store.activity({ limit: 1 })).entries[0] as ActivityEntry
}

/** one → two (holds SECRET) → three: the middle version is the one to forget. */
async function threeVersions(): Promise<void> {
  await tool.ok({ command: 'create', path, file_text: 'one\n' })
  await tool.ok({ command: 'str_replace', path, old_str: 'one', new_str: `two ${SECRET}` })
  await tool.ok({ command: 'str_replace', path, old_str: `two ${SECRET}`, new_str: 'three' })
}

describe('forget from history', () => {
  it('forgets one version: gone from the packs, listed as forgotten, its undo refused', async () => {
    store = await mem.open()
    await threeVersions()
    const middle = hashOf(`two ${SECRET}\n`)
    expect(await everything()).toContain(SECRET) // the check below can fail
    const result = await store.forget({ what: 'version', hash: middle })
    expect(result).toEqual({ forgotten: 1, stillInFiles: [], elsewhere: [] })
    expect((await packRecords(mem.stateDir())).hashes.has(middle)).toBe(false)
    expect(await everything()).not.toContain(SECRET)
    await expect(store.versionText(middle)).rejects.toThrow(/not in history/)
    const versions = await store.history(path)
    expect(versions.find((v) => v.hash === middle)).toMatchObject({
      stored: false,
      notKept: 'forgotten'
    })
    // The other versions are kept.
    expect(await store.versionText(hashOf('one\n'))).toBe('one\n')
    expect(await store.versionText(hashOf('three\n'))).toBe('three\n')
    // The record: when and by whom, how many, not what.
    const record = await newest()
    expect(record).toMatchObject({
      command: 'forget',
      actor: { kind: 'user' },
      message: 'Forgot 1 version of 1 file from history'
    })
    // Undoing the last edit would need the forgotten text back.
    const edit = versions.find((v) => v.hash === hashOf('three\n'))
    await expect(store.revert(edit?.seq ?? 0)).rejects.toThrow(/forgotten from history/)
    expect(await readFile(join(mem.root(), 'a.md'), 'utf8')).toBe('three\n')
  })

  it('forgets every version of a file, through a rename', async () => {
    store = await mem.open()
    await threeVersions()
    await tool.ok({ command: 'rename', old_path: path, new_path: '/memories/b.md' })
    await tool.ok({ command: 'create', path: '/memories/other.md', file_text: 'kept\n' })
    const result = await store.forget({ what: 'file', path: '/memories/b.md' })
    expect(result.forgotten).toBe(3)
    expect(result.stillInFiles).toEqual(['/memories/b.md']) // its current text, still on disk
    const held = (await packRecords(mem.stateDir())).hashes
    expect(held.has(hashOf('one\n'))).toBe(false)
    expect(held.has(hashOf('kept\n'))).toBe(true)
    expect(await everything()).not.toContain(SECRET)
  })

  it('forgets the versions one activity entry made', async () => {
    store = await mem.open()
    await threeVersions()
    const entries = (await store.activity({})).entries
    const second = entries.find((e) => e.versions?.[0]?.after === hashOf(`two ${SECRET}\n`))
    const result = await store.forget({ what: 'entry', seq: second?.seq ?? 0 })
    // It made `two…` from `one`: both sides go.
    expect(result.forgotten).toBe(2)
    expect(await everything()).not.toContain(SECRET)
  })

  it('finds a pasted text in every version, masked, and forgets those on confirm', async () => {
    store = await mem.open()
    await threeVersions()
    await tool.ok({ command: 'create', path: '/memories/b.md', file_text: `x\nkey ${SECRET} y\n` })
    await tool.ok({ command: 'create', path: '/memories/c.md', file_text: 'nothing here\n' })
    const found = await store.findInHistory(SECRET)
    expect(found.searched).toBeGreaterThanOrEqual(5)
    expect(found.hits.map((hit) => hit.places[0]?.path).sort()).toEqual([path, '/memories/b.md'])
    const inB = found.hits.find((hit) => hit.places[0]?.path === '/memories/b.md')
    expect(inB).toMatchObject({ count: 1, line: 2, snippet: 'key ••• y', current: true })
    expect(JSON.stringify(found)).not.toContain(SECRET)

    const result = await store.forget({ what: 'text', text: SECRET })
    expect(result).toEqual({ forgotten: 2, stillInFiles: ['/memories/b.md'], elsewhere: [] })
    expect((await store.findInHistory(SECRET)).hits).toEqual([])
    // b.md still holds it on disk, but history never keeps that text again: an edit elsewhere in
    // the file, a reopen, an undo all leave it out.
    await tool.ok({ command: 'insert', path: '/memories/b.md', insert_line: 0, insert_text: 'top' })
    await store.dispose()
    store = await mem.open()
    await store.read('/memories/b.md')
    const packs = (await packRecords(mem.stateDir())).hashes
    expect(packs.has(hashOf(`x\nkey ${SECRET} y\n`))).toBe(false)
    expect((await store.findInHistory(SECRET)).hits.map((hit) => hit.current)).toEqual([true])
  })

  it('finishes a purge a crash cut short (the journal lists it, a pack still holds it)', async () => {
    store = await mem.open()
    await threeVersions()
    await store.dispose()
    const middle = hashOf(`two ${SECRET}\n`)
    expect((await packRecords(mem.stateDir())).hashes.has(middle)).toBe(true)
    // The journal line is written (and synced) before the packs are rewritten.
    await appendFile(
      join(mem.stateDir(), 'history', 'journal.jsonl'),
      `${JSON.stringify({ forgot: [middle] })}\n`
    )
    store = await mem.open()
    expect((await packRecords(mem.stateDir())).hashes.has(middle)).toBe(false)
    expect(await everything()).not.toContain(SECRET)
    expect(await store.versionText(hashOf('one\n'))).toBe('one\n')
  })

  it('removes secrets the scan found from the file and forgets them from history', async () => {
    store = await mem.open()
    const key = 'AKIA' + 'ZQ3XNV7WPLK2HR4T'
    await tool.ok({ command: 'create', path: '/memories/s.md', file_text: 'plain\n' })
    // Written by another program (Claude's writes are refused), then edited by the user.
    await store.write({ path: '/memories/s.md', content: `aws ${key}\n`, secrets: 'allow' })
    await store.write({ path: '/memories/s.md', content: `aws ${key}\nmore\n`, secrets: 'allow' })
    expect(await everything()).toContain(key)
    const result = await store.forgetSecrets('/memories/s.md')
    expect(result).toMatchObject({ removed: 1, stillInFiles: [] })
    expect(result.forgotten).toBeGreaterThanOrEqual(2)
    expect(await readFile(join(mem.root(), 's.md'), 'utf8')).toBe(
      'aws [redacted: AWS access key]\nmore\n'
    )
    expect(await everything()).not.toContain(key)
    expect((await store.scanSecrets()).findings).toEqual([])
    // A file with nothing to fix is left alone.
    expect(await store.forgetSecrets('/memories/s.md')).toEqual({
      removed: 0,
      forgotten: 0,
      stillInFiles: [],
      elsewhere: []
    })
  })

  it('forgets nothing and says so for a version history never held; refuses with history off', async () => {
    store = await mem.open()
    await threeVersions()
    const before = (await packRecords(mem.stateDir())).hashes
    expect(await store.forget({ what: 'version', hash: 'f'.repeat(64) })).toEqual({
      forgotten: 0,
      stillInFiles: [],
      elsewhere: []
    })
    expect((await packRecords(mem.stateDir())).hashes).toEqual(before)
    await expect(store.forget({ what: 'file', path: '/etc/passwd' })).rejects.toThrow(/memories/)
    await store.dispose()
    store = await mem.open({ history: false })
    await expect(store.forget({ what: 'entry', seq: 1 })).rejects.toThrow(/history is off/)
  })
})
