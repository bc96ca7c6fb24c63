import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_QUICK_ASK_SHORTCUT } from '@shared/app/accelerator'
import { secureWebPreferences } from '../window'
import { createFakeElectron, fakeEvent, type FakeElectron } from './electron-mock'

/*
 * Quick ask in the lifecycle (src/main/index.ts → setup/desktop/quick-ask.ts), run as Electron runs it
 * against the fake electron, with the real services in a temp user-data folder.
 */

let dir: string
let fake: FakeElectron
const APP_PAGE = { url: 'app://cairn/index.html' }
const QUICK_PAGE = { url: 'app://cairn/index.html#quick-ask' }

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-quick-ask-'))
  vi.resetModules()
  vi.stubEnv('CAIRN_USER_DATA_DIR', join(dir, 'user-data'))
  vi.stubEnv('ELECTRON_RENDERER_URL', undefined)
  vi.stubEnv('ANTHROPIC_API_KEY', undefined)
})

afterEach(async () => {
  await quit()
  vi.doUnmock('electron')
  vi.unstubAllEnvs()
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
})

async function boot(options: Parameters<typeof createFakeElectron>[0] = {}) {
  fake = createFakeElectron(options)
  vi.doMock('electron', () => fake.module)
  const module = await import('../index')
  await module.running
}

/** Quits the way Electron does, waiting for the services to close. */
async function quit(): Promise<void> {
  const app = fake?.app
  if (!app) return
  for (let attempt = 0; attempt < 5; attempt++) {
    const quits = app.quit.mock.calls.length
    const event = fakeEvent()
    app.emit('will-quit', event)
    if (event.preventDefault.mock.calls.length === 0) return
    await vi.waitFor(() => expect(app.quit.mock.calls.length).toBeGreaterThan(quits), {
      timeout: 5_000
    })
  }
}

const windows = () => fake.BrowserWindow.instances
const quickWindow = () => {
  const found = windows().find(
    (window) => window.loaded?.kind === 'url' && window.loaded.url.endsWith('#quick-ask')
  )
  if (!found) throw new Error('no quick-ask window')
  return found
}

describe('quick ask in the running app', () => {
  it('takes Ctrl/Cmd+Shift+Space at start; a press opens the hardened quick-ask window', async () => {
    await boot()
    expect(fake.globalShortcut.isRegistered(DEFAULT_QUICK_ASK_SHORTCUT)).toBe(true)
    expect(windows()).toHaveLength(1)
    fake.globalShortcut.press(DEFAULT_QUICK_ASK_SHORTCUT)
    await vi.waitFor(() => expect(quickWindow().visible).toBe(true))
    const quick = quickWindow()
    const main = windows()[0]
    // The same preload and preferences as the main window: one contract, one sandbox.
    expect(quick.options.webPreferences).toEqual(main?.options.webPreferences)
    expect(quick.options.webPreferences).toEqual(
      secureWebPreferences((main?.options.webPreferences as { preload: string }).preload)
    )
    expect(quick.options).toMatchObject({ alwaysOnTop: true, width: 640, height: 420 })
    // Hardened like every web contents: no navigation away, window.open opens nothing.
    const away = fakeEvent({ url: 'https://evil.example/' })
    quick.webContents.emit('will-navigate', away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    expect(quick.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny'
    })
    // The page on the quick-ask route is our own page: the contract answers it.
    const info = await fake.ipcMain.invoke('app:info', undefined, QUICK_PAGE)
    expect(info).toMatchObject({ ok: true })
  })

  it('the shortcut pressed again hides it; once more shows the same window', async () => {
    await boot()
    fake.globalShortcut.press(DEFAULT_QUICK_ASK_SHORTCUT)
    await vi.waitFor(() => expect(quickWindow().visible).toBe(true))
    const quick = quickWindow()
    fake.globalShortcut.press(DEFAULT_QUICK_ASK_SHORTCUT)
    await vi.waitFor(() => expect(quick.visible).toBe(false))
    fake.globalShortcut.press(DEFAULT_QUICK_ASK_SHORTCUT)
    await vi.waitFor(() => expect(quick.visible).toBe(true))
    expect(windows()).toHaveLength(2)
  })

  it('Esc (window:hide-quick-ask) hides it; Open in Cairn focuses the main window on the chat', async () => {
    await boot()
    fake.globalShortcut.press(DEFAULT_QUICK_ASK_SHORTCUT)
    await vi.waitFor(() => expect(quickWindow().visible).toBe(true))
    const quick = quickWindow()
    expect(await fake.ipcMain.invoke('window:hide-quick-ask', undefined, QUICK_PAGE)).toEqual({
      ok: true,
      data: { hidden: true }
    })
    expect(quick.visible).toBe(false)

    const created = (await fake.ipcMain.invoke(
      'chat:create-conversation',
      undefined,
      QUICK_PAGE
    )) as {
      data: { id: string }
    }
    const main = windows()[0]!
    main.minimized = true
    quick.show()
    const opened = await fake.ipcMain.invoke(
      'window:open-in-main',
      { conversationId: created.data.id },
      QUICK_PAGE
    )
    expect(opened).toEqual({ ok: true, data: { opened: true } })
    expect(main.minimized).toBe(false)
    expect(main.focused).toBe(true)
    expect(quick.visible).toBe(false)
    expect(main.webContents.sent).toContainEqual({
      channel: 'window:show-conversation',
      payload: { conversationId: created.data.id }
    })
  })

  it('a shortcut another app holds: Cairn starts anyway and Settings is told why', async () => {
    await boot({ takenShortcuts: [DEFAULT_QUICK_ASK_SHORTCUT] })
    expect(windows()).toHaveLength(1)
    const status = await fake.ipcMain.invoke('shortcut:status', undefined, APP_PAGE)
    expect(status).toMatchObject({
      ok: true,
      data: {
        registered: false,
        problem: expect.stringContaining('Another app uses Ctrl+Shift+Space')
      }
    })
  })

  it('changing the shortcut moves it, saves it, and settings:update cannot skip the system', async () => {
    await boot({ takenShortcuts: ['Alt+Shift+T'] })
    const taken = await fake.ipcMain.invoke(
      'shortcut:set',
      { accelerator: 'Alt+Shift+T' },
      APP_PAGE
    )
    expect(taken).toMatchObject({
      ok: false,
      error: {
        code: 'SHORTCUT_TAKEN',
        message: 'Another app uses Alt+Shift+T; choose another shortcut.'
      }
    })
    expect(fake.globalShortcut.isRegistered(DEFAULT_QUICK_ASK_SHORTCUT)).toBe(true)
    const moved = await fake.ipcMain.invoke(
      'shortcut:set',
      { accelerator: 'Alt+Shift+Q' },
      APP_PAGE
    )
    expect(moved).toMatchObject({
      ok: true,
      data: { accelerator: 'Alt+Shift+Q', registered: true }
    })
    expect(fake.globalShortcut.isRegistered(DEFAULT_QUICK_ASK_SHORTCUT)).toBe(false)
    expect(fake.globalShortcut.isRegistered('Alt+Shift+Q')).toBe(true)
    const file = JSON.parse(await readFile(join(dir, 'user-data', 'settings.json'), 'utf8'))
    expect(file.quickAskShortcut).toBe('Alt+Shift+Q')
    const sneaky = await fake.ipcMain.invoke(
      'settings:update',
      { quickAskShortcut: 'Alt+Shift+T' },
      APP_PAGE
    )
    expect(sneaky).toMatchObject({ ok: false, error: { code: 'SETTINGS_INVALID' } })
  })

  it('closing the main window closes a hidden quick-ask window, so the app can quit', async () => {
    await boot()
    fake.globalShortcut.press(DEFAULT_QUICK_ASK_SHORTCUT)
    await vi.waitFor(() => expect(quickWindow().visible).toBe(true))
    const quick = quickWindow()
    quick.hide()
    windows()[0]!.close()
    expect(quick.destroyed).toBe(true)
    expect(fake.app.listenerCount('window-all-closed')).toBeGreaterThan(0)
    if (process.platform !== 'darwin') expect(fake.app.quit).toHaveBeenCalled()
  })

  it('unregisters the shortcut on quit', async () => {
    await boot()
    expect(fake.globalShortcut.held.size).toBe(1)
    await quit()
    expect(fake.globalShortcut.held.size).toBe(0)
    expect(fake.globalShortcut.unregister).toHaveBeenCalledWith(DEFAULT_QUICK_ASK_SHORTCUT)
  })
})
