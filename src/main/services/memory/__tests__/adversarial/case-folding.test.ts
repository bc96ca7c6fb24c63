import { createRequire, syncBuiltinESMExports } from 'node:module'
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { foldKey } from '../../kernel/names'
import {
  CLAUDE,
  makeSandbox,
  openStore,
  removeSandbox,
  resultProblems,
  type Sandbox,
  type Store
} from './helpers'

// APFS, NTFS, exFAT (and HFS+) treat `CASE.MD` and `Case.md`, NFC and NFD, the Kelvin sign and K
// as one name. The engine refuses a create or rename that would collide under folding on any disk
// (memory folders move between machines), allows a case-only rename of the same file, and keeps
// the index keyed by the names on disk so usage never drifts. This runs on ext4 (case-sensitive);
// the same-inode branch of a case-only rename on a case-insensitive disk is not exercised here.

const NFC = 'caf\u00e9.md'
const NFD = 'cafe\u0301.md'

/** Every regular file under `dir`, relative, with its size (what usage must add up to). */
async function onDisk(dir: string, prefix = ''): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory())
      for (const item of await onDisk(join(dir, entry.name), rel)) out.set(...item)
    else if (entry.isFile()) out.set(rel, (await stat(join(dir, entry.name))).size)
  }
  return out
}

describe('foldKey', () => {
  it.each([
    ['CASE.MD', 'Case.md'],
    [NFC, NFD],
    ['\u212aelvin.md', 'kelvin.md'],
    ['stra\u00dfe.md', 'STRASSE.md'],
    ['\u017fun.md', 'sun.md'],
    ['\u03c3\u03bf\u03c6\u03bf\u03c2.md', '\u03a3\u039f\u03a6\u039f\u03a3.md'],
    ['\uff21.md', 'a.md'],
    ['\ufb01le.md', 'FILE.md']
  ])('%j and %j are one name', (a, b) => {
    expect(foldKey(a)).toBe(foldKey(b))
  })

  it('keeps different names apart', () => {
    expect(foldKey('notes.md')).not.toBe(foldKey('notes2.md'))
    expect(foldKey('a.md')).not.toBe(foldKey('\u00e4.md'))
  })
})

describe('names that differ only by case or Unicode form', () => {
  let sandbox: Sandbox
  let store: Store

  const run = (input: Record<string, unknown>) => store.execute(input, CLAUDE)
  const expectUsageMatchesDisk = async () => {
    const disk = await onDisk(sandbox.root)
    const usage = await store.usage()
    expect(usage.files).toBe(disk.size)
    expect(usage.totalBytes).toBe([...disk.values()].reduce((a, b) => a + b, 0))
    const listed = (await store.list()).entries.filter((e) => e.kind === 'file').map((e) => e.path)
    expect(listed.sort()).toEqual([...disk.keys()].map((rel) => `/memories/${rel}`).sort())
  }

  beforeEach(async () => {
    sandbox = await makeSandbox('cairn-fold-')
    store = await openStore(sandbox)
  })

  afterEach(async () => {
    await store?.dispose()
    await removeSandbox(sandbox)
  })

  it('refuses a create that collides under folding, in the tool voice, without host paths', async () => {
    for (const [first, second] of [
      ['notes.md', 'NOTES.md'],
      [NFC, NFD],
      ['kelvin.md', '\u212aelvin.md'],
      ['stra\u00dfe.md', 'STRASSE.md']
    ] as const) {
      expect(
        (await run({ command: 'create', path: `/memories/${first}`, file_text: 'one\n' })).isError
      ).toBe(false)
      const input = { command: 'create', path: `/memories/${second}`, file_text: 'two two\n' }
      const result = await run(input)
      expect(result.isError).toBe(true)
      expect(result.content).toMatch(
        /^Error: Cannot create \/memories\/.+ already exists, and the two names differ only in letter case or Unicode form/
      )
      expect(result.content).toContain(`/memories/${first}`)
      expect(resultProblems(result, input, sandbox)).toEqual([])
    }
    expect((await readdir(sandbox.root)).sort()).toEqual(
      ['kelvin.md', NFC, 'notes.md', 'stra\u00dfe.md'].sort()
    )
    await expectUsageMatchesDisk()
  })

  it('reads the folder, not the index: a twin another program just made is found', async () => {
    await writeFile(join(sandbox.root, 'Readme.md'), 'outside\n')
    const result = await run({ command: 'create', path: '/memories/README.md', file_text: 'x\n' })
    expect(result.isError).toBe(true)
    expect(result.content).toContain('/memories/Readme.md already exists')
  })

  it('refuses a create whose folder on the way collides, and a rename onto a twin', async () => {
    await run({ command: 'create', path: '/memories/proj/a.md', file_text: 'a\n' })
    const nested = await run({ command: 'create', path: '/memories/PROJ/b.md', file_text: 'b\n' })
    expect(nested.isError).toBe(true)
    expect(nested.content).toContain('/memories/proj already exists')
    await run({ command: 'create', path: '/memories/other.md', file_text: 'other\n' })
    await run({ command: 'create', path: '/memories/notes.md', file_text: 'notes\n' })
    const renamed = await run({
      command: 'rename',
      old_path: '/memories/other.md',
      new_path: '/memories/Notes.md'
    })
    expect(renamed.isError).toBe(true)
    expect(renamed.content).toMatch(
      /^Error: Cannot rename to \/memories\/Notes\.md: \/memories\/notes\.md already exists/
    )
    const into = await run({
      command: 'rename',
      old_path: '/memories/other.md',
      new_path: '/memories/Proj/other.md'
    })
    expect(into.isError).toBe(true)
    expect((await readdir(sandbox.root)).sort()).toEqual(['notes.md', 'other.md', 'proj'])
    await expectUsageMatchesDisk()
  })

  it('a rename inside a folder reads that folder for twins, not the folders above it again', async () => {
    await run({ command: 'create', path: '/memories/proj/a.md', file_text: 'a\n' })
    await writeFile(join(sandbox.root, 'proj', 'Notes.md'), 'outside\n')
    const fsCjs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs')
    const original = fsCjs.readdirSync
    const read: string[] = []
    fsCjs.readdirSync = ((path: string, ...rest: unknown[]) => {
      const at = /^\/proc\/self\/fd\/\d+$/.test(String(path)) ? fsCjs.readlinkSync(path) : path
      read.push(String(at))
      return (original as (...args: unknown[]) => unknown)(path, ...rest)
    }) as typeof fsCjs.readdirSync
    syncBuiltinESMExports()
    try {
      const twin = await run({
        command: 'rename',
        old_path: '/memories/proj/a.md',
        new_path: '/memories/proj/NOTES.md'
      })
      expect(twin.content).toMatch(
        /^Error: Cannot rename to \/memories\/proj\/NOTES\.md: .*Notes\.md/
      )
      const moved = await run({
        command: 'rename',
        old_path: '/memories/proj/a.md',
        new_path: '/memories/proj/b.md'
      })
      expect(moved.isError).toBe(false)
    } finally {
      fsCjs.readdirSync = original
      syncBuiltinESMExports()
    }
    expect(read.length).toBeGreaterThan(0)
    expect(read.filter((path) => path !== join(sandbox.root, 'proj'))).toEqual([])
  })

  it('allows a case-only rename of a file and of a folder, and keeps the index keyed by the disk', async () => {
    await run({ command: 'create', path: '/memories/notes.md', file_text: 'hello\n' })
    await run({ command: 'create', path: '/memories/proj/a.md', file_text: 'aaaa\n' })
    expect(
      await run({
        command: 'rename',
        old_path: '/memories/notes.md',
        new_path: '/memories/Notes.md'
      })
    ).toMatchObject({
      content: 'Successfully renamed /memories/notes.md to /memories/Notes.md',
      isError: false
    })
    expect(
      (await run({ command: 'rename', old_path: '/memories/proj', new_path: '/memories/Proj' }))
        .isError
    ).toBe(false)
    expect(
      (
        await run({
          command: 'rename',
          old_path: `/memories/Notes.md`,
          new_path: `/memories/${NFC}`
        })
      ).isError
    ).toBe(false)
    expect(
      (await run({ command: 'rename', old_path: `/memories/${NFC}`, new_path: `/memories/${NFD}` }))
        .isError
    ).toBe(false)
    expect((await readdir(sandbox.root)).sort()).toEqual(['Proj', NFD].sort())
    expect((await run({ command: 'view', path: '/memories/Proj/a.md' })).isError).toBe(false)
    expect((await run({ command: 'view', path: '/memories/proj/a.md' })).isError).toBe(true)
    await expectUsageMatchesDisk()
    // A fresh open (reconcile from disk) agrees with what the engine kept.
    const before = await store.usage()
    await store.dispose()
    store = await openStore(sandbox)
    expect(await store.usage()).toEqual(before)
    await expectUsageMatchesDisk()
  })

  it('the inspector create, folder create, write and rename follow the same rule', async () => {
    await store.create({ path: '/memories/notes.md', content: 'n\n' })
    await mkdir(join(sandbox.root, 'Ideas'))
    await expect(store.create({ path: '/memories/NOTES.md', content: 'x' })).rejects.toMatchObject({
      code: 'MEMORY_EXISTS'
    })
    await expect(
      store.create({ path: '/memories/ideas', content: '', kind: 'dir' })
    ).rejects.toMatchObject({
      code: 'MEMORY_EXISTS'
    })
    await expect(store.write({ path: '/memories/Notes.md', content: 'x' })).rejects.toThrow(
      /differ only in letter case/
    )
    await expect(store.write({ path: '/memories/IDEAS/x.md', content: 'x' })).rejects.toThrow(
      /\/memories\/Ideas already exists/
    )
    await store.rename({ from: '/memories/notes.md', to: '/memories/NOTES.md' })
    expect((await readdir(sandbox.root)).sort()).toEqual(['Ideas', 'NOTES.md'])
    await expectUsageMatchesDisk()
  })
})
