import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import {
  defaultSettings,
  SETTINGS_RANGES,
  SETTINGS_VERSION,
  type SettingsPatch
} from '@shared/app/settings'
import {
  captureLogger,
  expectCairnError,
  isWindows,
  modeOf,
  useTempDir
} from '../../__tests__/helpers'
import { createSettingsStore, SETTINGS_FILE } from '../settings-store'

const tempDir = useTempDir('cairn-settings-')
const CLOCK = new Date('2026-01-02T03:04:05.678Z')
const MOVED_TO = 'settings.corrupt-2026-01-02T03-04-05-678Z.json'

async function openStore(dir = tempDir()) {
  const { logger, lines } = captureLogger()
  const store = createSettingsStore({ dir, logger, clock: () => CLOCK })
  await store.load()
  return { store, lines }
}

const settingsFile = () => join(tempDir(), SETTINGS_FILE)
const readSettingsFile = async () => JSON.parse(await readFile(settingsFile(), 'utf8')) as unknown

describe('first run', () => {
  test('no file: defaults, no notice, and nothing is written until the first update', async () => {
    const { store } = await openStore()
    expect(store.get()).toEqual({ settings: defaultSettings(), notice: null })
    expect(await readdir(tempDir())).toEqual([])

    await store.update({ theme: 'dark' })
    expect(await readdir(tempDir())).toEqual([SETTINGS_FILE])
  })

  // Skipped on Windows: it has no POSIX file modes to check (ACLs stand in for them).
  test.skipIf(isWindows)('creates a missing data folder 0700 and the file 0600', async () => {
    const dir = join(tempDir(), 'nested', 'data')
    const { store } = await openStore(dir)
    await store.update({ maxTokens: 1_000 })
    expect(await modeOf(dir)).toBe(0o700)
    expect(await modeOf(join(dir, SETTINGS_FILE))).toBe(0o600)
  })
})

describe('update', () => {
  test('writes JSON that holds exactly the new settings, and returns them', async () => {
    const { store } = await openStore()
    const saved = await store.update({ maxTokens: 2_000, memory: { maxFiles: 12 } })
    expect(saved).toEqual({
      ...defaultSettings(),
      maxTokens: 2_000,
      memory: { ...defaultSettings().memory, maxFiles: 12 }
    })
    expect(await readSettingsFile()).toEqual(saved)
    expect(store.get().settings).toEqual(saved)
  })

  test('settings survive a restart (a new store on the same folder)', async () => {
    const { store } = await openStore()
    await store.update({ theme: 'light', expiry: { mode: 'age', days: 7, pinned: ['keep/*'] } })
    const saved = await store.update({ contextEditing: { enabled: false } })
    store.dispose()

    const { store: restarted } = await openStore()
    expect(restarted.get()).toEqual({ settings: saved, notice: null })
    expect(restarted.get().settings.expiry).toEqual({
      mode: 'age',
      days: 7,
      action: 'archive',
      pinned: ['keep/*']
    })
  })

  test('concurrent updates are serialized: every field ends up saved', async () => {
    const { store } = await openStore()
    await Promise.all([
      store.update({ maxTokens: 2_000 }),
      store.update({ theme: 'dark' }),
      store.update({ memory: { maxFiles: 5 } }),
      store.update({ memory: { maxReadChars: 5_000 } })
    ])
    const expected = {
      ...defaultSettings(),
      maxTokens: 2_000,
      theme: 'dark',
      memory: { ...defaultSettings().memory, maxFiles: 5, maxReadChars: 5_000 }
    }
    expect(store.get().settings).toEqual(expected)
    expect(await readSettingsFile()).toEqual(expected)
  })

  test('a refused update in the middle of a queue does not stop the ones after it', async () => {
    const { store } = await openStore()
    const results = await Promise.allSettled([
      store.update({ maxTokens: 2_000 }),
      store.update({ maxTokens: -1 }),
      store.update({ theme: 'dark' })
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await readSettingsFile()).toMatchObject({ maxTokens: 2_000, theme: 'dark' })
  })
})

describe('invalid updates', () => {
  const numeric = [
    ['maxTokens', 'maxTokens'],
    ['memory.maxFileBytes', 'maxFileBytes'],
    ['memory.maxTotalBytes', 'maxTotalBytes'],
    ['memory.maxFiles', 'maxFiles'],
    ['memory.maxReadChars', 'maxReadChars'],
    ['expiry.days', 'expiryDays'],
    ['contextEditing.triggerTokens', 'triggerTokens'],
    ['contextEditing.keepToolUses', 'keepToolUses']
  ] as const

  const at = (path: string, value: unknown) => {
    const [first, second] = path.split('.') as [string, string | undefined]
    return (second ? { [first]: { [second]: value } } : { [first]: value }) as SettingsPatch
  }
  const range = (name: keyof typeof SETTINGS_RANGES) =>
    `between ${SETTINGS_RANGES[name].min.toLocaleString('en-US')} and ${SETTINGS_RANGES[name].max.toLocaleString('en-US')}`

  type Case = [label: string, patch: SettingsPatch, field: string, mentions: string]
  const cases: Case[] = [
    ...numeric.flatMap(([path, name]): Case[] => {
      const { min, max } = SETTINGS_RANGES[name]
      return [
        [`${path} below min`, at(path, min - 1), path, range(name)],
        [`${path} above max`, at(path, max + 1), path, range(name)],
        [`${path} not whole`, at(path, min + 0.25), path, range(name)],
        [`${path} as text`, at(path, '12'), path, range(name)]
      ]
    }),
    ['theme not a choice', at('theme', 'neon'), 'theme', '"system"|"light"|"dark"'],
    ['expiry.mode not a choice', at('expiry.mode', 'never'), 'expiry.mode', '"off"|"idle"|"age"'],
    ['enabled not a boolean', at('contextEditing.enabled', 1), 'contextEditing.enabled', 'boolean'],
    ['model not text', at('model', 42), 'model', 'must be text'],
    ['guidance too long', at('memoryGuidance', 'x'.repeat(4_001)), 'memoryGuidance', '4,000'],
    ['pinned empty', at('expiry.pinned', [' ']), 'expiry.pinned.0', 'cannot be empty'],
    ['unknown top-level key', at('colour', 'red'), 'colour', 'not a setting'],
    ['unknown section key', at('memory.maxFolders', 3), 'memory.maxFolders', 'not a setting'],
    ['section not an object', at('memory', 7), 'memory', 'expected object']
  ]

  test.each(cases)(
    '%s → SETTINGS_INVALID naming the field, and settings.json is unchanged',
    async (_label, patch, field, mentions) => {
      const { store } = await openStore()
      await store.update({ maxTokens: 3_000 })
      const before = await readFile(settingsFile())
      const inMemory = structuredClone(store.get())
      const listener = vi.fn()
      store.onChange(listener)

      const error = await expectCairnError(store.update(patch), 'SETTINGS_INVALID')
      expect(error.detail).toContain(`${field}: `)
      expect(error.detail).toContain(mentions)
      expect(await readFile(settingsFile())).toEqual(before)
      expect(store.get()).toEqual(inMemory)
      expect(listener).not.toHaveBeenCalled()
    }
  )

  test('several bad fields are all named in one error', async () => {
    const { store } = await openStore()
    const error = await expectCairnError(
      store.update({ maxTokens: 0, memory: { maxFiles: 0 } }),
      'SETTINGS_INVALID'
    )
    expect(error.detail).toContain(
      'maxTokens: maxTokens must be a whole number between 1 and 128,000'
    )
    expect(error.detail).toContain(
      'memory.maxFiles: maxFiles must be a whole number between 1 and 100,000'
    )
    expect(await readdir(tempDir())).toEqual([])
  })
})

describe('a bad settings file is moved aside, never lost', () => {
  const bad: [string, string, RegExp][] = [
    ['corrupt JSON', '{"maxTokens": 12', /not valid JSON/],
    ['empty file', '', /not valid JSON/],
    ['a list', '[1, 2, 3]', /does not hold a settings object/],
    ['null', 'null', /does not hold a settings object/],
    ['a string', '"settings"', /does not hold a settings object/],
    ['an out-of-range value', '{"version": 1, "maxTokens": 0}', /maxTokens/],
    ['a wrong type', '{"version": 1, "memory": {"maxFiles": "many"}}', /memory\.maxFiles/],
    ['a newer version', '{"version": 99, "maxTokens": 10}', /newer Cairn/],
    ['a version that is not a number', '{"version": "one"}', /version is not a number/]
  ]

  test.each(bad)(
    '%s → defaults, a recovered notice, the exact bytes kept',
    async (_label, text, reason) => {
      await writeFile(settingsFile(), text)
      const { store, lines } = await openStore()

      const { settings, notice } = store.get()
      expect(settings).toEqual(defaultSettings())
      expect(notice).toMatchObject({ kind: 'recovered', movedTo: MOVED_TO })
      expect(notice?.message).toMatch(reason)
      expect(notice?.message).toContain(MOVED_TO)
      expect(await readFile(join(tempDir(), MOVED_TO), 'utf8')).toBe(text)
      expect(await readdir(tempDir())).toEqual([MOVED_TO])
      expect(lines.some((line) => line.includes('moved aside') && line.includes(MOVED_TO))).toBe(
        true
      )
    }
  )

  test('bytes that are not UTF-8 are kept exactly', async () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x22])
    await writeFile(settingsFile(), bytes)
    const { store } = await openStore()
    expect(store.get().notice?.movedTo).toBe(MOVED_TO)
    expect(await readFile(join(tempDir(), MOVED_TO))).toEqual(bytes)
  })

  test('after recovery, an update writes a fresh file and keeps the moved-aside one', async () => {
    await writeFile(settingsFile(), 'not json')
    const { store } = await openStore()
    const saved = await store.update({ theme: 'dark' })
    expect(await readSettingsFile()).toEqual(saved)
    expect(await readFile(join(tempDir(), MOVED_TO), 'utf8')).toBe('not json')
    expect((await readdir(tempDir())).sort()).toEqual([MOVED_TO, SETTINGS_FILE].sort())
  })
})

describe('migration', () => {
  test('a version-less (v0) file keeps its values and is not rewritten on load', async () => {
    const v0 = JSON.stringify({
      model: 'claude-old',
      maxTokens: 1_234,
      theme: 'dark',
      memory: { maxFiles: 42 },
      expiry: { mode: 'idle', days: 14, pinned: ['a/*'] }
    })
    await writeFile(settingsFile(), v0)
    const { store } = await openStore()

    const defaults = defaultSettings()
    expect(store.get()).toEqual({
      notice: null,
      settings: {
        ...defaults,
        version: SETTINGS_VERSION,
        model: 'claude-old',
        maxTokens: 1_234,
        theme: 'dark',
        memory: { ...defaults.memory, maxFiles: 42 },
        expiry: { ...defaults.expiry, mode: 'idle', days: 14, pinned: ['a/*'] }
      }
    })
    expect(await readFile(settingsFile(), 'utf8')).toBe(v0)

    await store.update({ maxTokens: 1_235 })
    expect(await readSettingsFile()).toMatchObject({
      version: SETTINGS_VERSION,
      model: 'claude-old',
      maxTokens: 1_235
    })
  })

  test('a current-version file loads as written', async () => {
    const written = { ...defaultSettings(), maxTokens: 777, theme: 'light' as const }
    await writeFile(settingsFile(), JSON.stringify(written))
    const { store } = await openStore()
    expect(store.get()).toEqual({ settings: written, notice: null })
  })
})

describe('onChange', () => {
  test('fires with the new settings after they are saved, and stops after unsubscribe', async () => {
    const { store } = await openStore()
    const seen: unknown[] = []
    const unsubscribe = store.onChange(async (settings) => {
      seen.push({ settings, onDisk: await readSettingsFile() })
    })
    const saved = await store.update({ theme: 'dark' })
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]).toEqual({ settings: saved, onDisk: saved })

    unsubscribe()
    await store.update({ theme: 'light' })
    expect(seen).toHaveLength(1)
  })

  test('dispose drops every listener', async () => {
    const { store } = await openStore()
    const listener = vi.fn()
    store.onChange(listener)
    store.dispose()
    await store.update({ theme: 'dark' })
    expect(listener).not.toHaveBeenCalled()
  })

  test('a listener that throws does not turn a saved update into a failure', async () => {
    const { store, lines } = await openStore()
    const after = vi.fn()
    store.onChange(() => {
      throw new Error('listener broke')
    })
    store.onChange(after)
    const saved = await store.update({ theme: 'dark' })
    expect(saved.theme).toBe('dark')
    expect(after).toHaveBeenCalledWith(saved)
    expect(lines.some((line) => line.includes('listener broke'))).toBe(true)
  })
})

describe('write failures', () => {
  test('data folder under a regular file → SETTINGS_WRITE_FAILED, settings unchanged', async () => {
    const blocker = join(tempDir(), 'blocker')
    const { store, lines } = await openStore(join(blocker, 'data'))
    await writeFile(blocker, 'a file, not a folder')
    const listener = vi.fn()
    store.onChange(listener)

    const error = await expectCairnError(store.update({ theme: 'dark' }), 'SETTINGS_WRITE_FAILED')
    expect(error.detail).toMatch(/could not be saved \(ENOTDIR\)/)
    expect(store.get()).toEqual({ settings: defaultSettings(), notice: null })
    expect(listener).not.toHaveBeenCalled()
    expect(lines.some((line) => line.includes('settings write failed'))).toBe(true)
  })

  test('data folder replaced by a file after loading → SETTINGS_WRITE_FAILED, settings unchanged', async () => {
    const dir = join(tempDir(), 'data')
    const { store } = await openStore(dir)
    const saved = await store.update({ maxTokens: 2_000 })
    await rm(dir, { recursive: true })
    await writeFile(dir, 'a file now')

    await expectCairnError(store.update({ maxTokens: 3_000 }), 'SETTINGS_WRITE_FAILED')
    expect(store.get().settings).toEqual(saved)
    expect(await readFile(dir, 'utf8')).toBe('a file now')
  })

  test('settings.json turned into a folder → SETTINGS_WRITE_FAILED, nothing half-written', async () => {
    const { store } = await openStore()
    await mkdir(settingsFile())
    await expectCairnError(store.update({ theme: 'dark' }), 'SETTINGS_WRITE_FAILED')
    expect(store.get().settings.theme).toBe(defaultSettings().theme)
    expect(await readdir(tempDir())).toEqual([SETTINGS_FILE])
    expect(await readdir(settingsFile())).toEqual([])
  })

  test('the next update after a failure succeeds once the disk is writable again', async () => {
    const dir = join(tempDir(), 'data')
    const { store } = await openStore(dir)
    await writeFile(dir, 'blocker')
    await expectCairnError(store.update({ theme: 'dark' }), 'SETTINGS_WRITE_FAILED')
    await rm(dir)
    const saved = await store.update({ maxTokens: 2_500 })
    // The failed change was not kept: only the later one is saved.
    expect(saved).toEqual({ ...defaultSettings(), maxTokens: 2_500 })
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(saved)
  })
})
