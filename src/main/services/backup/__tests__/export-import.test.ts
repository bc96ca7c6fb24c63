import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultSettings } from '@shared/app/settings'
import { isCairnError } from '@shared/errors'
import type { BackupProgress, ImportPreview } from '@shared/memory/backup'
import { openMemoryStore, type MemoryStore } from '../../memory'
import { manualTimers } from '../../memory/__tests__/helpers'
import { createBackupService, type BackupService } from '..'
import {
  EXPORT_FORMAT,
  ExportedSettingsSchema,
  LIMITS,
  MANIFEST_NAME,
  type ExportedSettings,
  type Limits
} from '../format'
import { tarOf } from '../tar'
import { gzipBomb } from './bomb'

// Export → import between two real memory engines on two user-data folders (real filesystem):
// the files and their history versions arrive; a merge makes versions (the old text stays in
// history) and undoes as one; settings are offered, never forced; a refused archive writes nothing.

const DEFAULTS: ExportedSettings = {
  memory: {
    maxFileBytes: 256 * 1024,
    maxTotalBytes: 16 * 1024 * 1024,
    maxFiles: 2000,
    maxReadChars: 40_000
  },
  expiry: { mode: 'off', days: 90, action: 'archive', pinned: [] },
  history: { maxBytes: 64 * 1024 * 1024, maxDays: 180, keepLatest: 20 }
}

interface Device {
  dir: string
  memory: MemoryStore
  backup: BackupService
  settings: ExportedSettings
  pick: string | null
  saveTo: string
}

const dirs: string[] = []
const stores: MemoryStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.dispose()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function device(
  name: string,
  settings: ExportedSettings = DEFAULTS,
  limits?: Limits
): Promise<Device> {
  const dir = await mkdtemp(join(tmpdir(), `cairn-backup-${name}-`))
  dirs.push(dir)
  const memory = await openMemoryStore({
    root: join(dir, 'memories'),
    stateDir: join(dir, 'memory-state'),
    timers: manualTimers().timers
  })
  stores.push(memory)
  const d: Device = {
    dir,
    memory,
    settings: structuredClone(settings),
    pick: null,
    saveTo: join(dir, 'export.cairnmem'),
    backup: undefined as unknown as BackupService
  }
  d.backup = createBackupService({
    memory,
    settings: {
      get: () => ({ settings: { ...defaultSettings(), ...d.settings } }),
      update: async ({ memory, expiry, history }) => {
        d.settings = structuredClone(ExportedSettingsSchema.parse({ memory, expiry, history }))
      }
    },
    app: { name: 'Cairn', version: 'test' },
    chooseSavePath: async () => d.saveTo,
    chooseOpenFile: async () => d.pick,
    ...(limits ? { limits } : {})
  })
  return d
}

async function files(memory: MemoryStore): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const page = await memory.list({ path: '/memories', limit: 1000 })
  for (const entry of page.entries)
    if (entry.kind === 'file') out.set(entry.path, (await memory.read(entry.path)).content)
  return out
}

/** Every file under `dir` (relative path → bytes), folders included as empty entries. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    out.set(path, entry.isFile() ? (await readFile(path)).toString('base64') : '')
  }
  return out
}

async function versionHashes(memory: MemoryStore, path: string): Promise<string[]> {
  return (await memory.history(path)).flatMap((v) => (v.hash && v.stored ? [v.hash] : []))
}

async function exportFrom(d: Device): Promise<string> {
  const progress: number[] = []
  const stop = d.backup.onProgress((p) => progress.push(p.done))
  const saved = await d.backup.exportToFile()
  stop()
  if (saved.status !== 'saved') throw new Error('cancelled')
  expect(progress.at(-1)).toBeGreaterThan(0)
  return saved.path
}

async function previewIn(d: Device, file: string): Promise<ImportPreview> {
  d.pick = file
  const preview = await d.backup.chooseImport()
  if (!preview) throw new Error('no preview')
  return preview
}

async function seed(memory: MemoryStore): Promise<void> {
  await memory.create({ path: '/memories/about-me.md', content: 'I like coffee.\n' })
  const first = await memory.read('/memories/about-me.md')
  await memory.write({
    path: '/memories/about-me.md',
    content: 'I like tea.\n',
    expectedHash: first.hash
  })
  await memory.create({ path: '/memories/people/zoë.md', content: 'Zoë, my sister.\n' })
}

describe('export and import', () => {
  it('export → import into a second user-data folder: identical files and history versions', async () => {
    const a = await device('a')
    await seed(a.memory)
    const archive = await exportFrom(a)
    expect((await readdir(a.dir)).filter((n) => n.endsWith('.tmp'))).toEqual([])

    const b = await device('b')
    const preview = await previewIn(b, archive)
    expect(preview.counts).toEqual({ new: 2, changed: 0, same: 0, refused: 0 })
    expect(preview.historyVersions).toBe(1) // "I like coffee." (the current texts travel as files)
    const result = await b.backup.importArchive({ token: preview.token, applySettings: false })
    expect(result.imported.sort()).toEqual(['/memories/about-me.md', '/memories/people/zoë.md'])
    expect(await files(b.memory)).toEqual(await files(a.memory))
    for (const path of ['/memories/about-me.md', '/memories/people/zoë.md'])
      expect(new Set(await versionHashes(b.memory, path))).toEqual(
        new Set(await versionHashes(a.memory, path))
      )
    const old = (await b.memory.history('/memories/about-me.md')).at(-1)
    expect(await b.memory.versionText(old!.hash!)).toBe('I like coffee.\n')
    // Importing the same archive again changes nothing and adds no history.
    const again = await previewIn(b, archive)
    expect(again.counts).toEqual({ new: 0, changed: 0, same: 2, refused: 0 })
    expect(again.historyVersions).toBe(0)
  })

  it('a merge never overwrites silently: a changed file becomes a new version, and undo takes the whole import back', async () => {
    const a = await device('a')
    await seed(a.memory)
    await a.memory.create({ path: '/memories/new-from-a.md', content: 'only on a\n' })
    const archive = await exportFrom(a)

    const b = await device('b')
    await b.memory.create({ path: '/memories/about-me.md', content: 'I like water.\n' })
    await b.memory.create({ path: '/memories/people/zoë.md', content: 'Zoë, my sister.\n' })
    await b.memory.create({ path: '/memories/mine.md', content: 'only on b\n' })
    const preview = await previewIn(b, archive)
    const status = Object.fromEntries(preview.items.map((item) => [item.path, item.status]))
    expect(status).toEqual({
      '/memories/about-me.md': 'changed',
      '/memories/new-from-a.md': 'new',
      '/memories/people/zoë.md': 'same'
    })
    const result = await b.backup.importArchive({ token: preview.token, applySettings: false })
    expect(result.seq).not.toBeNull()
    expect((await b.memory.read('/memories/about-me.md')).content).toBe('I like tea.\n')
    expect((await b.memory.read('/memories/mine.md')).content).toBe('only on b\n')
    // History keeps what b had.
    const texts = await Promise.all(
      (await versionHashes(b.memory, '/memories/about-me.md')).map((h) => b.memory.versionText(h))
    )
    expect(texts).toContain('I like water.\n')
    // One activity entry, by the user, for the import; undo restores b as it was.
    const { entries } = await b.memory.activity()
    const entry = entries.find((e) => e.seq === result.seq)
    expect(entry).toMatchObject({ command: 'import', actor: { kind: 'user' }, outcome: 'ok' })
    await b.memory.revert(result.seq!)
    expect(await files(b.memory)).toEqual(
      new Map([
        ['/memories/about-me.md', 'I like water.\n'],
        ['/memories/mine.md', 'only on b\n'],
        ['/memories/people/zoë.md', 'Zoë, my sister.\n']
      ])
    )
    // The history-only entry is not something to undo.
    const historyEntry = (await b.memory.activity()).entries.find(
      (e) => e.command === 'import-history'
    )
    const refused = await b.memory.revert(historyEntry!.seq).catch((e: unknown) => e)
    expect(isCairnError(refused) && refused.code).toBe('MEMORY_REFUSED')
  })

  it('a file changed after the preview is skipped with the reason, not written over', async () => {
    const a = await device('a')
    await seed(a.memory)
    const archive = await exportFrom(a)
    const b = await device('b')
    await b.memory.create({ path: '/memories/about-me.md', content: 'first\n' })
    const preview = await previewIn(b, archive)
    const now = await b.memory.read('/memories/about-me.md')
    await b.memory.write({
      path: '/memories/about-me.md',
      content: 'moved on\n',
      expectedHash: now.hash
    })
    const result = await b.backup.importArchive({ token: preview.token, applySettings: false })
    expect(result.skipped.map((s) => s.path)).toEqual(['/memories/about-me.md'])
    expect(result.skipped[0]?.reason).toContain('changed since')
    expect((await b.memory.read('/memories/about-me.md')).content).toBe('moved on\n')
  })

  it('settings are offered, not forced', async () => {
    const custom: ExportedSettings = {
      ...DEFAULTS,
      expiry: { mode: 'idle', days: 30, action: 'archive', pinned: ['people/**'] }
    }
    const a = await device('a', custom)
    await seed(a.memory)
    const archive = await exportFrom(a)
    const b = await device('b')
    const preview = await previewIn(b, archive)
    expect(preview.settingsDiffer).toBe(true)
    expect(preview.settings.expiry.pinned).toEqual(['people/**'])
    await b.backup.importArchive({ token: preview.token, applySettings: false })
    expect(b.settings).toEqual(DEFAULTS)
    const c = await device('c')
    const offered = await previewIn(c, archive)
    const result = await c.backup.importArchive({ token: offered.token, applySettings: true })
    expect(result.settingsApplied).toBe(true)
    expect(c.settings).toEqual(custom)
  })

  it('a hostile archive is refused with a message and nothing is written', async () => {
    const b = await device('b')
    await b.memory.create({ path: '/memories/keep.md', content: 'keep me\n' })
    const before = await b.memory.activity()
    const manifest = {
      format: EXPORT_FORMAT,
      version: 1,
      createdAt: '2026-11-26T00:00:00.000Z',
      app: { name: 'Cairn', version: 'x' },
      files: [],
      history: [],
      settings: DEFAULTS
    }
    const hostile = gzipSync(
      tarOf([
        { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) },
        { name: 'memory/../../outside.md', data: Buffer.from('escaped') }
      ])
    )
    const file = join(b.dir, 'hostile.cairnmem')
    await writeFile(file, hostile)
    b.pick = file
    const error = await b.backup.chooseImport().catch((e: unknown) => e)
    expect(isCairnError(error) && error.code).toBe('IMPORT_REFUSED')
    expect(isCairnError(error) && error.detail).toMatch(/steps out.*Nothing was imported/)
    expect(await files(b.memory)).toEqual(new Map([['/memories/keep.md', 'keep me\n']]))
    expect((await b.memory.activity()).entries).toEqual(before.entries)
    await expect(readFile(join(b.dir, 'outside.md'))).rejects.toThrow()
    // A stale token imports nothing either.
    const stale = await b.backup
      .importArchive({ token: 'nope', applySettings: true })
      .catch((e: unknown) => e)
    expect(isCairnError(stale) && stale.code).toBe('IMPORT_REFUSED')
  })

  it('a gzip bomb is refused with the limit named, and nothing in the memory folder changes', async () => {
    const MB = 1024 * 1024
    const b = await device('b', DEFAULTS, {
      ...LIMITS,
      maxUnpackedBytes: 4 * MB,
      holdUnpackedBytes: MB
    })
    await b.memory.create({ path: '/memories/keep.md', content: 'keep me\n' })
    const before = await b.memory.activity()
    const onDisk = await snapshot(join(b.dir, 'memories'))
    expect([...onDisk.keys()].some((path) => path.endsWith('keep.md'))).toBe(true)
    const manifest = {
      format: EXPORT_FORMAT,
      version: 1,
      createdAt: '2026-11-26T00:00:00.000Z',
      app: { name: 'Cairn', version: 'x' },
      files: [],
      history: [],
      settings: DEFAULTS
    }
    // A real (empty) export followed by 64 MB of zeros: ~64 KB on disk.
    const file = join(b.dir, 'bomb.cairnmem')
    await writeFile(
      file,
      await gzipBomb(
        64 * MB,
        tarOf([{ name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) }])
      )
    )
    b.pick = file
    const error = await b.backup.chooseImport().catch((e: unknown) => e)
    expect(isCairnError(error) && error.code).toBe('IMPORT_REFUSED')
    expect(isCairnError(error) && error.detail).toBe(
      'The archive unpacks to more than 4 MB, more than an import takes; it was refused. Nothing was imported. Choose a file made by Export memory.'
    )
    expect(await snapshot(join(b.dir, 'memories'))).toEqual(onDisk)
    expect((await b.memory.activity()).entries).toEqual(before.entries)
  })

  it('an export that fails leaves the chosen file as it was and no temp file behind', async () => {
    const a = await device('a')
    await seed(a.memory)
    await writeFile(a.saveTo, 'an older export')
    // Into a folder that does not exist: refused with a next step.
    const saveTo = a.saveTo
    a.saveTo = join(a.dir, 'missing', 'x.cairnmem')
    const missing = await a.backup.exportToFile().catch((e: unknown) => e)
    expect(isCairnError(missing) && missing.code).toBe('EXPORT_FAILED')
    expect(isCairnError(missing) && missing.detail).toContain('try another folder')
    // Memory closed half-way: the older export is untouched.
    a.saveTo = saveTo
    await a.memory.dispose()
    await expect(a.backup.exportToFile()).rejects.toThrow()
    expect(await readFile(saveTo, 'utf8')).toBe('an older export')
    expect((await readdir(a.dir)).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })

  it('a secret in an archived file is refused by the guard, the rest imports', async () => {
    const a = await device('a')
    await a.memory.create({ path: '/memories/ok.md', content: 'fine\n' })
    // Put there outside the app (the guard only sees Cairn's own writes).
    await writeFile(join(a.dir, 'memories', 'key.md'), `token sk-ant-api03-${'A'.repeat(93)}AA\n`)
    await a.memory.sweep()
    const archive = await exportFrom(a)
    const b = await device('b')
    const preview = await previewIn(b, archive)
    const result = await b.backup.importArchive({ token: preview.token, applySettings: false })
    expect(result.imported).toEqual(['/memories/ok.md'])
    expect(result.skipped.map((s) => s.path)).toEqual(['/memories/key.md'])
  })

  it('an import of 300 files reports its progress: rising, at most ~100 events, ending at the total', async () => {
    const a = await device('a')
    // Put there outside the app and swept in: 300 creates one by one would be slow for nothing.
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        writeFile(join(a.dir, 'memories', `note-${String(i).padStart(3, '0')}.md`), `note ${i}\n`)
      )
    )
    await a.memory.sweep()
    const archive = await exportFrom(a)
    const b = await device('b')
    const events: BackupProgress[] = []
    const stop = b.backup.onProgress((p) => events.push(p))
    const preview = await previewIn(b, archive)
    const result = await b.backup.importArchive({ token: preview.token, applySettings: false })
    stop()
    expect(result.imported).toHaveLength(300)
    const imports = events.filter((p) => p.phase === 'import')
    expect(imports).toEqual(events)
    expect(imports.length).toBeGreaterThan(10)
    expect(imports.length).toBeLessThanOrEqual(102)
    expect(imports.every((p) => p.total === 300)).toBe(true)
    for (let i = 1; i < imports.length; i++)
      expect(imports[i]!.done).toBeGreaterThan(imports[i - 1]!.done)
    expect(imports.at(-1)).toEqual({ phase: 'import', done: 300, total: 300 })
  })
})
