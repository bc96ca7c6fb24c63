import { mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { isAbsolute, join, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { channelNames } from '@shared/contract'
import { secureWebPreferences } from '../window'
import {
  createFakeElectron,
  fakeEvent,
  FakeWebContents,
  type FakeBrowserWindow,
  type FakeElectron
} from './electron-mock'

/*
 * The lifecycle in src/main/index.ts, run the way Electron runs it (by importing the module) against
 * the fake electron. The services are real and write into a temp user-data folder.
 */

let dir: string
let userData: string
let fake: FakeElectron
let booted: FakeElectron | null = null

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-lifecycle-'))
  userData = join(dir, 'user-data')
  vi.resetModules()
  vi.stubEnv('CAIRN_USER_DATA_DIR', userData)
  vi.stubEnv('ELECTRON_RENDERER_URL', undefined)
  vi.stubEnv('ANTHROPIC_API_KEY', undefined)
})

/**
 * Quits the app a test booted, the way Electron would, so its services (the watcher, the log file)
 * stop before the temp folder goes: otherwise they report the folder vanishing into a deleted log.
 */
async function quitBooted(): Promise<void> {
  const app = booted?.app
  booted = null
  if (!app) return
  for (let attempt = 0; attempt < 5; attempt++) {
    const quits = app.quit.mock.calls.length
    const event = fakeEvent()
    app.emit('will-quit', event)
    if (event.preventDefault.mock.calls.length === 0) return // nothing left to wait for
    await vi.waitFor(() => expect(app.quit.mock.calls.length).toBeGreaterThan(quits), {
      timeout: 5_000
    })
  }
}

afterEach(async () => {
  await quitBooted()
  vi.doUnmock('electron')
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  // A window closed by a test may still be saving its bounds: retry while the folder fills.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
})

async function boot(options: Parameters<typeof createFakeElectron>[0] = {}) {
  fake = createFakeElectron(options)
  booted = fake
  vi.doMock('electron', () => fake.module)
  const module = await import('../index')
  await module.running
  return module
}

function onlyWindow(): FakeBrowserWindow {
  expect(fake.BrowserWindow.instances).toHaveLength(1)
  const window = fake.BrowserWindow.instances[0]
  if (!window) throw new Error('no window')
  return window
}

function pageUrl(window: FakeBrowserWindow): string {
  if (window.loaded?.kind !== 'url') throw new Error('the page was not loaded from a URL')
  return window.loaded.url
}

describe('single instance', () => {
  it('quits without a window, IPC or data when another instance holds the lock', async () => {
    await boot({ singleInstanceLock: false })
    expect(fake.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1)
    expect(fake.app.quit).toHaveBeenCalledTimes(1)
    expect(fake.BrowserWindow.instances).toHaveLength(0)
    expect(fake.ipcMain.handle).not.toHaveBeenCalled()
    expect(fake.app.whenReady).not.toHaveBeenCalled()
    expect(fake.app.exit).not.toHaveBeenCalled()
    await expect(stat(join(userData, 'logs'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('takes the lock in the chosen user-data folder (set before the lock is requested)', async () => {
    await boot({ singleInstanceLock: false })
    expect(fake.app.setPath).toHaveBeenCalledWith('userData', userData)
    const setPathOrder = fake.app.setPath.mock.invocationCallOrder[0] ?? Infinity
    const lockOrder = fake.app.requestSingleInstanceLock.mock.invocationCallOrder[0] ?? -Infinity
    expect(setPathOrder).toBeLessThan(lockOrder)
  })
})

describe('start-up with the lock', () => {
  it('opens one window with the secure preferences and the built page', async () => {
    await boot()
    const window = onlyWindow()
    const prefs = window.options.webPreferences as ReturnType<typeof secureWebPreferences>
    expect(isAbsolute(prefs.preload ?? '')).toBe(true)
    expect(prefs.preload?.endsWith(`${sep}preload${sep}index.cjs`)).toBe(true)
    expect(prefs).toEqual(secureWebPreferences(prefs.preload ?? ''))
    expect(prefs.devTools).toBe(false)
    expect(pageUrl(window)).toBe('app://cairn/index.html')
    expect(window.options.show).toBe(false)
    expect(fake.app.exit).not.toHaveBeenCalled()
  })

  it('loads the dev-server URL when electron-vite provides one, and trusts only its origin', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    await boot({ isPackaged: false })
    const window = onlyWindow()
    expect(window.loaded).toEqual({ kind: 'url', url: 'http://localhost:5173/' })
    const ok = await fake.ipcMain.invoke('app:info', undefined, { url: 'http://localhost:5173/' })
    expect(ok).toMatchObject({ ok: true })
    const refused = await fake.ipcMain.invoke('app:info', undefined, {
      url: 'http://localhost:5174/'
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
  })

  it('refuses every permission in the default session', async () => {
    await boot()
    const session = fake.session.defaultSession
    const callback = vi.fn()
    session.permissionRequestHandler?.({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    expect(session.permissionCheckHandler?.({}, 'notifications')).toBe(false)
  })

  it('hardens the main window contents: no navigation, window.open opens nothing', async () => {
    await boot()
    const contents = onlyWindow().webContents
    const navigation = fakeEvent()
    contents.emit('will-navigate', navigation, 'https://evil.example/')
    expect(navigation.preventDefault).toHaveBeenCalled()
    expect(contents.windowOpenHandler?.({ url: 'https://www.anthropic.com/' })).toEqual({
      action: 'deny'
    })
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({
      action: 'deny'
    })
    expect(fake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('opens a confirmed https link through app:open-external in the OS browser', async () => {
    await boot()
    const page = pageUrl(onlyWindow())
    const url = 'https://www.anthropic.com/news'
    expect(await fake.ipcMain.invoke('app:open-external', { url }, { url: page })).toEqual({
      ok: true,
      data: { opened: false, host: 'www.anthropic.com' }
    })
    expect(fake.shell.openExternal).not.toHaveBeenCalled()
    expect(
      await fake.ipcMain.invoke('app:open-external', { url, confirmed: true }, { url: page })
    ).toEqual({ ok: true, data: { opened: true, host: 'www.anthropic.com' } })
    expect(fake.shell.openExternal).toHaveBeenCalledWith(url)
    const refused = await fake.ipcMain.invoke(
      'app:open-external',
      { url: 'file:///etc/passwd', confirmed: true },
      { url: page }
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } })
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(1)
  })

  it("opens the app's own allow-listed links (the Console's API keys page) without asking, and only those", async () => {
    await boot()
    const page = pageUrl(onlyWindow())
    const keys = 'https://platform.claude.com/settings/keys'
    expect(await fake.ipcMain.invoke('app:open-external', { url: keys }, { url: page })).toEqual({
      ok: true,
      data: { opened: true, host: 'platform.claude.com' }
    })
    expect(fake.shell.openExternal).toHaveBeenCalledWith(keys)
    // Another page of the same site, or a look-alike address, still asks first.
    for (const url of [
      'https://platform.claude.com/settings/billing',
      'https://platform.claude.com/settings/keys?next=https://evil.example/'
    ])
      expect(await fake.ipcMain.invoke('app:open-external', { url }, { url: page })).toMatchObject({
        ok: true,
        data: { opened: false }
      })
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(1)
  })

  it('hardens any web contents created later', async () => {
    await boot()
    const later = new FakeWebContents()
    fake.app.emit('web-contents-created', fakeEvent(), later)
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = fakeEvent()
      later.emit(name, event)
      expect(event.preventDefault, name).toHaveBeenCalled()
    }
    expect(later.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(fake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('binds every channel to the real services, for our page only', async () => {
    await boot()
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual([...channelNames].sort())
    const page = pageUrl(onlyWindow())
    const info = await fake.ipcMain.invoke('app:info', undefined, { url: page })
    expect(info).toMatchObject({
      ok: true,
      data: { name: 'Cairn', version: '0.0.0-test', userDataFolder: userData }
    })
    const fromElsewhere = await fake.ipcMain.invoke('app:info', undefined, {
      url: 'https://evil.example/'
    })
    expect(fromElsewhere).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    const fromSubFrame = await fake.ipcMain.invoke('app:info', undefined, {
      url: page,
      topLevel: false
    })
    expect(fromSubFrame).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
  })

  it('pushes settings:changed to the window after an update', async () => {
    await boot()
    const window = onlyWindow()
    const answer = await fake.ipcMain.invoke(
      'settings:update',
      { theme: 'dark' },
      { url: pageUrl(window) }
    )
    expect(answer).toMatchObject({ ok: true, data: { theme: 'dark' } })
    expect(window.webContents.sent).toEqual([
      {
        channel: 'settings:changed',
        payload: { settings: expect.objectContaining({ theme: 'dark' }) }
      }
    ])
  })

  it('writes its log into the user-data folder', async () => {
    await boot()
    const log = await readFile(join(userData, 'logs', 'main.log'), 'utf8')
    expect(log).toContain('Cairn started')
  })

  it('exits with status 1 when start-up fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fake = createFakeElectron()
    fake.app.whenReady.mockImplementation(() => Promise.reject(new Error('no display')))
    vi.doMock('electron', () => fake.module)
    const module = await import('../index')
    await module.running
    expect(fake.app.exit).toHaveBeenCalledWith(1)
    expect(error).toHaveBeenCalled()
    // Never a silent exit: the reason is shown.
    expect(fake.dialog.showErrorBox).toHaveBeenCalledWith(
      'Cairn could not start',
      expect.stringContaining('no display')
    )
    expect(fake.BrowserWindow.instances).toHaveLength(0)
  })
})

// Skipped on Windows: making a symbolic link there needs admin rights or Developer Mode.
describe.skipIf(process.platform === 'win32')('the memory folder cannot be opened', () => {
  /** A memory folder replaced by a link: the engine refuses it at start. */
  async function linkMemoryFolder(): Promise<string> {
    const elsewhere = join(dir, 'elsewhere')
    await mkdir(elsewhere, { recursive: true })
    await mkdir(userData, { recursive: true })
    await symlink(elsewhere, join(userData, 'memories'))
    return elsewhere
  }

  function memoryDialog() {
    expect(fake.dialog.showMessageBox).toHaveBeenCalled()
    const [options] = fake.dialog.showMessageBox.mock.calls[0] as [
      { message: string; detail: string; buttons: string[] }
    ]
    return options
  }

  it('asks what to do, with the reason; "Start with memory off" opens the app without memory', async () => {
    await linkMemoryFolder()
    fake = createFakeElectron()
    fake.dialog.response = 0
    booted = fake
    vi.doMock('electron', () => fake.module)
    await (
      await import('../index')
    ).running
    const options = memoryDialog()
    expect(options.message).toBe('Cairn could not open its memory folder')
    expect(options.detail).toMatch(/symbolic link/)
    expect(options.buttons).toEqual(['Start with memory off', 'Open data folder', 'Quit'])
    expect(fake.app.exit).not.toHaveBeenCalled()

    const page = pageUrl(onlyWindow())
    const list = await fake.ipcMain.invoke('memory:list', { space: 'default' }, { url: page })
    expect(list).toMatchObject({
      ok: false,
      error: {
        code: 'MEMORY_OFF',
        message: expect.stringMatching(/off for this session.*symbolic link/s)
      }
    })
    expect(
      await fake.ipcMain.invoke('memory:usage', { space: 'default' }, { url: page })
    ).toMatchObject({
      ok: false,
      error: { code: 'MEMORY_OFF' }
    })
    expect(await fake.ipcMain.invoke('app:info', undefined, { url: page })).toMatchObject({
      ok: true
    })
    expect(
      await fake.ipcMain.invoke('chat:list-conversations', undefined, { url: page })
    ).toMatchObject({ ok: true })
  })

  it('"Quit" exits non-zero without a window or IPC', async () => {
    await linkMemoryFolder()
    fake = createFakeElectron()
    fake.dialog.response = 2
    booted = fake
    vi.doMock('electron', () => fake.module)
    await (
      await import('../index')
    ).running
    expect(fake.app.exit).toHaveBeenCalledWith(1)
    expect(fake.BrowserWindow.instances).toHaveLength(0)
    expect(fake.ipcMain.handle).not.toHaveBeenCalled()
  })

  it('"Open data folder" shows the folder holding memories/ (not the link), then asks again', async () => {
    const elsewhere = await linkMemoryFolder()
    fake = createFakeElectron()
    fake.dialog.showMessageBox
      .mockResolvedValueOnce({ response: 1, checkboxChecked: false })
      .mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    booted = fake
    vi.doMock('electron', () => fake.module)
    await (
      await import('../index')
    ).running
    expect(fake.shell.openPath).toHaveBeenCalledWith(userData)
    expect(fake.shell.openPath).not.toHaveBeenCalledWith(elsewhere)
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(2)
    onlyWindow()
  })

  it('fixed between the two dialogs: the retry opens memory normally', async () => {
    await linkMemoryFolder()
    fake = createFakeElectron()
    fake.shell.openPath.mockImplementation(async () => {
      // The user replaces the link with a real folder while the file manager is open.
      await rm(join(userData, 'memories'))
      await mkdir(join(userData, 'memories'))
      return ''
    })
    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false })
    booted = fake
    vi.doMock('electron', () => fake.module)
    await (
      await import('../index')
    ).running
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1)
    const page = pageUrl(onlyWindow())
    expect(
      await fake.ipcMain.invoke('memory:list', { space: 'default' }, { url: page })
    ).toMatchObject({
      ok: true
    })
  })
})

describe('packaged builds ignore the launch environment and debugging switches', () => {
  const hostile = {
    ELECTRON_RENDERER_URL: 'https://evil.example/',
    CAIRN_ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/',
    CAIRN_KEYCHAIN_SERVICE: 'attacker-entry',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/'
  }

  it('packaged: ELECTRON_RENDERER_URL is ignored, even a dev-server one; app:// is served', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    await boot({ isPackaged: true })
    expect(pageUrl(onlyWindow())).toBe('app://cairn/index.html')
    expect(fake.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
    const page = await fake.protocol.fetch('app://cairn/index.html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const fromDevServer = await fake.ipcMain.invoke('app:info', undefined, {
      url: 'http://localhost:5173/'
    })
    expect(fromDevServer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
  })

  it.each([true, false])(
    'isPackaged %s: a remote ELECTRON_RENDERER_URL is never loaded or trusted',
    async (isPackaged) => {
      for (const [name, value] of Object.entries(hostile)) vi.stubEnv(name, value)
      await boot({ isPackaged })
      expect(pageUrl(onlyWindow())).toBe('app://cairn/index.html')
      const remote = await fake.ipcMain.invoke('app:info', undefined, {
        url: 'https://evil.example/'
      })
      expect(remote).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    }
  )

  it('unpackaged: DevTools stay available for development', async () => {
    await boot({ isPackaged: false })
    const prefs = onlyWindow().options.webPreferences as { devTools?: boolean }
    expect(prefs.devTools).toBe(true)
  })

  it.each(['remote-debugging-port', 'remote-debugging-pipe', 'inspect', 'inspect-brk'])(
    'packaged: --%s (seen by Chromium) is refused before any window, IPC or service',
    async (name) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      await boot({ isPackaged: true, switches: [name] })
      expect(fake.dialog.showErrorBox).toHaveBeenCalledWith(
        'Cairn cannot start',
        expect.stringContaining(`--${name}`)
      )
      expect(fake.app.exit).toHaveBeenCalledWith(1)
      expect(fake.app.whenReady).not.toHaveBeenCalled()
      expect(fake.app.requestSingleInstanceLock).not.toHaveBeenCalled()
      expect(fake.BrowserWindow.instances).toHaveLength(0)
      expect(fake.ipcMain.handle).not.toHaveBeenCalled()
      await expect(stat(userData)).rejects.toMatchObject({ code: 'ENOENT' })
      expect(error).not.toHaveBeenCalled()
    }
  )

  it('packaged: a --x=y switch on process.argv is refused too', async () => {
    const argv = process.argv
    process.argv = [...argv, '--remote-debugging-port=9222']
    try {
      await boot({ isPackaged: true })
    } finally {
      process.argv = argv
    }
    expect(fake.app.exit).toHaveBeenCalledWith(1)
    expect(fake.BrowserWindow.instances).toHaveLength(0)
  })

  it('unpackaged: debugging switches are allowed (development)', async () => {
    await boot({ isPackaged: false, switches: ['remote-debugging-port', 'inspect'] })
    expect(fake.app.exit).not.toHaveBeenCalled()
    onlyWindow()
  })
})

describe('a second instance', () => {
  it('restores and focuses the existing window instead of opening another', async () => {
    await boot()
    const window = onlyWindow()
    window.minimize()
    fake.app.emit('second-instance', fakeEvent(), ['cairn'], '/')
    await vi.waitFor(() => expect(window.calls).toContain('focus'))
    expect(window.calls.indexOf('restore')).toBeLessThan(window.calls.indexOf('focus'))
    expect(window.minimized).toBe(false)
    expect(fake.BrowserWindow.instances).toHaveLength(1)
  })

  it('focuses without restoring a window that is not minimized', async () => {
    await boot()
    const window = onlyWindow()
    fake.app.emit('second-instance', fakeEvent(), ['cairn'], '/')
    await vi.waitFor(() => expect(window.calls).toContain('focus'))
    expect(window.calls).not.toContain('restore')
  })

  it('opens a new window when the old one was closed (the app kept running)', async () => {
    await boot()
    const first = onlyWindow()
    first.close()
    fake.app.emit('second-instance', fakeEvent(), ['cairn'], '/')
    await vi.waitFor(() => expect(fake.BrowserWindow.instances).toHaveLength(2))
    const second = fake.BrowserWindow.instances[1]
    await vi.waitFor(() => expect(second?.calls).toContain('focus'))
    expect(second?.options.webPreferences).toEqual(first.options.webPreferences)
  })

  it('activate reopens a closed window once, not twice', async () => {
    await boot()
    onlyWindow().close()
    fake.app.emit('activate')
    fake.app.emit('activate')
    await vi.waitFor(() => expect(fake.BrowserWindow.instances).toHaveLength(2))
    await vi.waitFor(() => expect(fake.BrowserWindow.instances[1]?.loaded).not.toBeNull())
    fake.app.emit('activate')
    expect(fake.BrowserWindow.instances).toHaveLength(2)
  })
})

describe('quitting', () => {
  it('quits when the last window closes (except on macOS)', async () => {
    await boot()
    onlyWindow().close()
    if (process.platform === 'darwin') expect(fake.app.quit).not.toHaveBeenCalled()
    else expect(fake.app.quit).toHaveBeenCalledTimes(1)
    // Closing saves the window's bounds for the next start.
    await vi.waitFor(() => stat(join(userData, 'window-state.json')))
  })

  it('will-quit unbinds IPC and disconnects events', async () => {
    await boot()
    const window = onlyWindow()
    const update = fake.ipcMain.handlers.get('settings:update')
    if (!update) throw new Error('settings:update is not bound')
    const frame = { url: pageUrl(window), parent: null, detached: false, isDestroyed: () => false }

    const quit = fakeEvent()
    fake.app.emit('will-quit', quit)
    // Quitting pauses for the services to flush, then quits again by itself.
    expect(quit.preventDefault).toHaveBeenCalledTimes(1)
    expect(fake.ipcMain.handlers.size).toBe(0)
    expect(fake.ipcMain.removeHandler).toHaveBeenCalledTimes(channelNames.length)
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalledTimes(1))
    const again = fakeEvent()
    fake.app.emit('will-quit', again)
    expect(again.preventDefault).not.toHaveBeenCalled()

    // The registry still answers a handler kept from before, but no event reaches the window.
    const answer = await update({ senderFrame: frame }, { theme: 'light' })
    expect(answer).toMatchObject({ ok: true })
    expect(window.webContents.sent).toEqual([])
  })

  it('saves the window bounds on close and waits for the write before quitting', async () => {
    await boot()
    const window = onlyWindow()
    window.normalBounds = { x: 40, y: 50, width: 1000, height: 700 }
    window.maximized = true
    window.close()

    const first = fakeEvent()
    fake.app.emit('will-quit', first)
    expect(first.preventDefault).toHaveBeenCalledTimes(1)
    expect(fake.ipcMain.handlers.size).toBe(channelNames.length)

    const quitsBefore = fake.app.quit.mock.calls.length
    await vi.waitFor(() => expect(fake.app.quit.mock.calls.length).toBe(quitsBefore + 1))
    const saved = JSON.parse(await readFile(join(userData, 'window-state.json'), 'utf8'))
    expect(saved).toEqual({ x: 40, y: 50, width: 1000, height: 700, maximized: true })

    // Then the services flush (the memory index) before the last quit goes through.
    const second = fakeEvent()
    fake.app.emit('will-quit', second)
    expect(second.preventDefault).toHaveBeenCalledTimes(1)
    expect(fake.ipcMain.handlers.size).toBe(0)
    await vi.waitFor(() => expect(fake.app.quit.mock.calls.length).toBe(quitsBefore + 2))
    const third = fakeEvent()
    fake.app.emit('will-quit', third)
    expect(third.preventDefault).not.toHaveBeenCalled()
  })

  it('restores the saved bounds and maximized state on the next start', async () => {
    await boot()
    const window = onlyWindow()
    window.normalBounds = { x: 40, y: 50, width: 1000, height: 700 }
    window.maximized = true
    window.close()
    await quitBooted() // waits for the bounds to be written, then for the services to stop

    vi.resetModules()
    await boot()
    const next = onlyWindow()
    expect(next.options).toMatchObject({ x: 40, y: 50, width: 1000, height: 700 })
    expect(next.maximized).toBe(true)
  })
})

describe('app:// protocol and hostile pages', () => {
  it('registers app as a privileged standard secure scheme before the app is ready', async () => {
    await boot()
    expect(fake.protocol.privileged).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false })
      })
    ])
    const registered = fake.protocol.registerSchemesAsPrivileged.mock.invocationCallOrder[0] ?? 0
    const ready = fake.app.whenReady.mock.invocationCallOrder[0] ?? 0
    expect(registered).toBeLessThan(ready)
  })

  it('serves the renderer over app://cairn with the CSP header, and 404s outside it', async () => {
    await boot()
    expect(fake.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
    const page = await fake.protocol.fetch('app://cairn/index.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await page.text()).toContain('<div id="root">')
    for (const url of ['app://cairn/../../package.json', 'app://cairn/%2e%2e/main/index.ts'])
      expect((await fake.protocol.fetch(url)).status, url).toBe(404)
    expect((await fake.protocol.fetch('app://cairn/', { method: 'POST' })).status).toBe(405)
  })

  it('does not serve app:// in dev mode (the dev server URL is loaded)', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    await boot({ isPackaged: false })
    expect(fake.protocol.handle).not.toHaveBeenCalled()
  })

  it.each([
    'https://evil.example/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<h1>x</h1>',
    'app://evil/index.html',
    'about:blank'
  ])('refuses navigating the window to %s', async (url) => {
    await boot()
    const contents = onlyWindow().webContents
    const navigate = fakeEvent({ url })
    contents.emit('will-navigate', navigate, url)
    expect(navigate.preventDefault).toHaveBeenCalled()
    const frame = fakeEvent({ url, isMainFrame: true })
    contents.emit('will-frame-navigate', frame)
    expect(frame.preventDefault).toHaveBeenCalled()
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    // window.open never opens a window, nor the OS browser.
    expect(fake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('allows navigation within app://cairn in the main frame only', async () => {
    await boot()
    const contents = onlyWindow().webContents
    const inside = fakeEvent({ url: 'app://cairn/index.html#/memory' })
    contents.emit('will-navigate', inside, 'app://cairn/index.html#/memory')
    expect(inside.preventDefault).not.toHaveBeenCalled()
    const subFrame = fakeEvent({ url: 'app://cairn/index.html', isMainFrame: false })
    contents.emit('will-frame-navigate', subFrame)
    expect(subFrame.preventDefault).toHaveBeenCalled()
  })

  it('refuses IPC from file://, other app hosts and sub-frames; accepts app://cairn pages', async () => {
    await boot()
    const call = (url: string, topLevel = true) =>
      fake.ipcMain.invoke('app:info', undefined, { url, topLevel })
    expect(await call('app://cairn/index.html')).toMatchObject({ ok: true })
    for (const url of [
      'file:///etc/passwd',
      pathToFileURL(join(userData, 'index.html')).href,
      'app://evil/index.html',
      'https://evil.example/',
      'data:text/html,x'
    ])
      expect(await call(url), url).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    expect(await call('app://cairn/index.html', false)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' }
    })
  })
})

describe('crashes', () => {
  it('an uncaught error in main is logged and shown, and the app keeps running', async () => {
    await boot()
    const installed = (process as unknown as Record<symbol, { uncaught(e: unknown): void }>)[
      Symbol.for('cairn.crash-handlers')
    ]
    expect(process.listeners('uncaughtException')).toContain(installed?.uncaught)
    installed?.uncaught(new Error('simulated failure'))
    expect(fake.dialog.showErrorBox).toHaveBeenCalledWith(
      expect.stringContaining('unexpected error'),
      expect.stringContaining('simulated failure')
    )
    expect(fake.app.exit).not.toHaveBeenCalled()
    const log = await readFile(join(userData, 'logs', 'main.log'), 'utf8')
    expect(log).toContain('simulated failure')
  })

  it('a crashed renderer offers a reload', async () => {
    await boot()
    const window = onlyWindow()
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 })
    await vi.waitFor(() => expect(window.webContents.reloads).toBe(1))
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1)
  })
})

describe('app:diagnostics', () => {
  it('reports versions, paths and settings, with the log tail and no API key', async () => {
    await boot()
    const page = pageUrl(onlyWindow())
    const key = 'sk-ant-diagnostics-test-0123456789'
    const set = await fake.ipcMain.invoke(
      'secrets:set-api-key',
      { apiKey: key, sessionOnly: true },
      { url: page }
    )
    expect(set).toMatchObject({ ok: true })
    const answer = (await fake.ipcMain.invoke('app:diagnostics', undefined, { url: page })) as {
      ok: true
      data: { text: string; log: string[]; paths: Record<string, string>; apiKey: unknown }
    }
    expect(answer).toMatchObject({ ok: true })
    expect(answer.data.paths).toMatchObject({ userData, logs: join(userData, 'logs') })
    expect(answer.data.apiKey).toEqual({ configured: true, source: 'session' })
    expect(answer.data.log.join('\n')).toContain('Cairn started')
    expect(answer.data.text).toContain('0.0.0-test')
    expect(JSON.stringify(answer)).not.toContain(key)
    expect(JSON.stringify(answer)).not.toContain(key.slice(-8))
  })
})
