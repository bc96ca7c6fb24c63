import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultSettings, type Settings } from '@shared/app/settings'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { captureLogger, listFiles, readAllFiles, useTempDir } from '../../__tests__/helpers'
import { openMemoryStore } from '../../memory'
import { manualTimers } from '../../memory/__tests__/helpers'
import { startMemorySpaces } from '..'

// A user who never makes a project: the folder and state Cairn kept before spaces open as the
// default space exactly as they did, and nothing new is written beside them.

describe('upgrading to memory spaces', () => {
  const tmp = useTempDir('cairn-upgrade-')

  it('opens the memory folder and state of before as the default space, unchanged on disk', async () => {
    const dataDir = tmp()
    // What Cairn did before spaces: the engine on <data>/memories with <data>/memory-state.
    const before = await openMemoryStore({
      root: join(dataDir, 'memories'),
      stateDir: join(dataDir, 'memory-state'),
      timers: manualTimers().timers
    })
    await before.create({ path: '/memories/notes.md', content: 'one\n', kind: 'file' })
    const made = await before.read('/memories/notes.md')
    await before.write({ path: '/memories/notes.md', content: 'two\n', expectedHash: made.hash })
    const activityBefore = await before.activity({})
    const historyBefore = await before.history('/memories/notes.md')
    await before.dispose()
    const memoryBytes = await readAllFiles(join(dataDir, 'memories'))
    const namesBefore = (await listFiles(dataDir)).map((file) => relative(dataDir, file)).sort()

    let settings: Settings = defaultSettings()
    const spaces = await startMemorySpaces({
      dataDir,
      settings: {
        get: () => ({ settings }),
        update: async (patch) => {
          settings = { ...settings, expiry: { ...settings.expiry, ...patch.expiry } }
        },
        onChange: () => () => undefined
      },
      timers: manualTimers().timers,
      logger: captureLogger().logger
    })
    const memory = spaces.registry.service(DEFAULT_SPACE_ID)
    expect(spaces.registry.isOpen(DEFAULT_SPACE_ID)).toBe(true)
    expect((await memory.read('/memories/notes.md')).content).toBe('two\n')
    expect(await memory.history('/memories/notes.md')).toEqual(historyBefore)
    expect((await memory.activity({})).entries).toEqual(activityBefore.entries)
    await spaces.dispose()

    expect(await readAllFiles(join(dataDir, 'memories'))).toEqual(memoryBytes)
    const namesAfter = (await listFiles(dataDir)).map((file) => relative(dataDir, file)).sort()
    expect(namesAfter).toEqual(namesBefore)
  })
})
