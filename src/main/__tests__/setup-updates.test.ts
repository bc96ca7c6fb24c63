import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventEmitter } from 'node:events'
import type { AppUpdater } from 'electron-updater'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '../services/log/logger'
import { createUpdatesService } from '../services/updates'
import { fakeChat, fakeSettings } from '../services/updates/__tests__/fakes'
import { setupUpdates } from '../setup/desktop/updates'

let dir: string
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'cairn-setup-updates-'))))
afterEach(() => rm(dir, { recursive: true, force: true }))

function services() {
  const lines: string[] = []
  const logger = createLogger({ sink: (line) => lines.push(line) })
  const updates = createUpdatesService({
    currentVersion: '1.0.0',
    settings: fakeSettings(),
    chat: fakeChat(),
    logger,
    setTimer: () => 0,
    clearTimer: () => undefined
  })
  return { updates, logger, lines }
}

/** Stands in for electron-updater's autoUpdater: fields, events, and the calls it was asked. */
function fakeAutoUpdater() {
  const calls: string[] = []
  const updater = Object.assign(new EventEmitter(), {
    calls,
    checkForUpdates: async () => void calls.push('check'),
    downloadUpdate: async () => void calls.push('download')
  })
  return updater as unknown as AppUpdater & { calls: string[] }
}

describe('setupUpdates', () => {
  it('a development build never loads the updater: off, "development build"', async () => {
    const { updates, logger } = services()
    let loaded = false
    await setupUpdates({
      packaged: false,
      services: { updates },
      logger,
      loadUpdater: async () => ((loaded = true), fakeAutoUpdater())
    })
    expect(loaded).toBe(false)
    expect(updates.status().phase).toMatchObject({ kind: 'off', reason: 'development' })
  })

  it('a packaged build without a feed (no app-update.yml) says it cannot update itself', async () => {
    const { updates, logger, lines } = services()
    let loaded = false
    await setupUpdates({
      packaged: true,
      services: { updates },
      logger,
      configFile: join(dir, 'app-update.yml'),
      loadUpdater: async () => ((loaded = true), fakeAutoUpdater())
    })
    expect(loaded).toBe(false)
    expect(updates.status().phase).toMatchObject({ kind: 'off', reason: 'unsupported' })
    expect(lines.join('\n')).toContain('no update feed')
  })

  it('a packaged build with its feed connects the updater, downloads nothing on its own', async () => {
    const { updates, logger } = services()
    await writeFile(join(dir, 'app-update.yml'), 'provider: generic\nurl: https://example.com\n')
    const autoUpdater = fakeAutoUpdater()
    await setupUpdates({
      packaged: true,
      services: { updates },
      logger,
      configFile: join(dir, 'app-update.yml'),
      loadUpdater: async () => autoUpdater
    })
    expect(updates.status().phase.kind).toBe('idle')
    expect(autoUpdater.autoDownload).toBe(false)
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true)
    ;(autoUpdater as unknown as EventEmitter).emit('update-available', {
      version: '1.1.0',
      releaseNotes: [{ version: '1.1.0', note: '<p>New</p>' }]
    })
    expect(updates.status().phase).toMatchObject({ kind: 'downloading', notes: '1.1.0\nNew' })
    expect(autoUpdater.calls).toEqual(['download'])
  })

  it('an updater that fails to load is off with a reason, and the failure is logged', async () => {
    const { updates, logger, lines } = services()
    await writeFile(join(dir, 'app-update.yml'), 'provider: generic\nurl: https://example.com\n')
    await setupUpdates({
      packaged: true,
      services: { updates },
      logger,
      configFile: join(dir, 'app-update.yml'),
      loadUpdater: () => Promise.reject(new Error('broken'))
    })
    expect(updates.status().phase).toMatchObject({ kind: 'off', reason: 'unsupported' })
    expect(lines.join('\n')).toContain('the updater could not start')
  })
})
