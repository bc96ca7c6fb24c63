import { describe, expect, it } from 'vitest'
import { defaultSettings, type Settings } from '@shared/app/settings'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { Emitter } from '../../events/emitter'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { manualTimers } from '../../memory/__tests__/helpers'
import { startMemorySpaces } from '..'

// The spaces follow the settings themselves (createServices only wires): a saved cap reaches
// every open space at once, and nothing listens once the spaces are closed.

describe('memory spaces follow the settings', () => {
  const tmp = useTempDir('cairn-spaces-settings-')

  it('applies a saved cap to the open space, and stops listening on dispose', async () => {
    let settings: Settings = defaultSettings()
    const changes = new Emitter<Settings>()
    const spaces = await startMemorySpaces({
      dataDir: tmp(),
      settings: {
        get: () => ({ settings }),
        update: async () => undefined,
        onChange: (listener) => changes.on(listener)
      },
      timers: manualTimers().timers,
      logger: captureLogger().logger
    })
    const memory = spaces.registry.service(DEFAULT_SPACE_ID)
    settings = { ...settings, memory: { ...settings.memory, maxFiles: 7 } }
    changes.emit(settings)
    expect((await memory.usage()).limits.maxFiles).toBe(7)
    await spaces.dispose()
    expect(changes.size).toBe(0)
  })
})
