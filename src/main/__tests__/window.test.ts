import type { BrowserWindow } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import {
  confirmUnsavedUnload,
  createMainWindow,
  hardenContents,
  hardenSession,
  restorableBounds,
  secureWebPreferences
} from '../window'
import type { WindowState } from '../services/window-state/window-state-store'
import {
  createFakeElectron,
  fakeEvent,
  FakeWebContents,
  type FakeBrowserWindow
} from './electron-mock'

const PRELOAD = '/app/out/preload/index.cjs'
const SCREEN = { x: 0, y: 0, width: 1920, height: 1040 }

function hardened() {
  const contents = new FakeWebContents()
  hardenContents(contents as never)
  const open = (url: string) => {
    if (!contents.windowOpenHandler) throw new Error('no window open handler was set')
    return contents.windowOpenHandler({ url })
  }
  return { contents, open }
}

describe('secureWebPreferences', () => {
  const prefs = secureWebPreferences(PRELOAD)

  it('isolates the page from the preload and from Node', () => {
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.nodeIntegrationInWorker).toBe(false)
    expect(prefs.nodeIntegrationInSubFrames).toBe(false)
  })

  it('keeps web security on and webviews off', () => {
    expect(prefs.webSecurity).toBe(true)
    expect(prefs.allowRunningInsecureContent).toBe(false)
    expect(prefs.webviewTag).toBe(false)
    expect(prefs.navigateOnDragDrop).toBe(false)
    expect(prefs.experimentalFeatures).toBe(false)
  })

  it('passes the preload path through unchanged', () => {
    expect(prefs.preload).toBe(PRELOAD)
  })

  it('has DevTools off unless asked for (development builds only)', () => {
    expect(prefs.devTools).toBe(false)
    expect(secureWebPreferences(PRELOAD, true).devTools).toBe(true)
  })
})

describe('hardenContents: navigation', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview'])(
    'prevents %s',
    (name) => {
      const { contents } = hardened()
      expect(contents.listenerCount(name)).toBe(1)
      const event = fakeEvent({ url: 'https://evil.example/' })
      contents.emit(name, event, 'https://evil.example/')
      expect(event.preventDefault).toHaveBeenCalledTimes(1)
    }
  )
})

describe('hardenContents: window.open and target=_blank', () => {
  // Links open only through app:open-external, after the user confirmed the address; a page
  // calling window.open (or a middle-click on a link) opens nothing, not even an https address.
  it.each([
    'https://docs.anthropic.com/en/docs',
    'HTTPS://EXAMPLE.COM/path?q=1#x',
    'https://user:pass@example.com/',
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ms-msdt:/id PCWDiagnostic',
    'about:blank',
    ''
  ])('denies %j', (url) => {
    const { open } = hardened()
    expect(open(url)).toEqual({ action: 'deny' })
  })
})

describe('hardenContents: navigation within our own page', () => {
  const own = (url: string) => url.startsWith('app://cairn/')
  function guarded() {
    const contents = new FakeWebContents()
    hardenContents(contents as never, own)
    return contents
  }

  it('lets the main frame move within app://cairn', () => {
    const contents = guarded()
    const event = fakeEvent({ url: 'app://cairn/index.html#/memory' })
    contents.emit('will-navigate', event, 'app://cairn/index.html#/memory')
    expect(event.preventDefault).not.toHaveBeenCalled()
    const frame = fakeEvent({ url: 'app://cairn/index.html', isMainFrame: true })
    contents.emit('will-frame-navigate', frame)
    expect(frame.preventDefault).not.toHaveBeenCalled()
  })

  it.each([
    'https://evil.example/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'app://evil/index.html',
    'about:blank'
  ])('refuses %s in the main frame and in sub-frames', (url) => {
    const contents = guarded()
    const event = fakeEvent({ url })
    contents.emit('will-navigate', event, url)
    expect(event.preventDefault).toHaveBeenCalledTimes(1)
    for (const isMainFrame of [true, false]) {
      const frame = fakeEvent({ url, isMainFrame })
      contents.emit('will-frame-navigate', frame)
      expect(frame.preventDefault).toHaveBeenCalledTimes(1)
    }
  })

  it('refuses sub-frames even on our own origin, and every redirect', () => {
    const contents = guarded()
    const frame = fakeEvent({ url: 'app://cairn/index.html', isMainFrame: false })
    contents.emit('will-frame-navigate', frame)
    expect(frame.preventDefault).toHaveBeenCalled()
    const redirect = fakeEvent({ url: 'app://cairn/index.html' })
    contents.emit('will-redirect', redirect)
    expect(redirect.preventDefault).toHaveBeenCalled()
  })
})

describe('hardenSession', () => {
  function session() {
    const fake = createFakeElectron().session.defaultSession
    hardenSession(fake as never)
    return fake
  }

  it.each([
    'media',
    'notifications',
    'geolocation',
    'clipboard-read',
    'clipboard-sanitized-write',
    'openExternal',
    'fullscreen',
    'pointerLock',
    'display-capture',
    'midiSysex',
    'unknown'
  ])('answers a %s permission request with false', (permission) => {
    const fake = session()
    const callback = vi.fn()
    fake.permissionRequestHandler?.({}, permission, callback)
    expect(callback).toHaveBeenCalledTimes(1)
    expect(callback).toHaveBeenCalledWith(false)
  })

  it('answers every permission check with false', () => {
    const fake = session()
    expect(fake.permissionCheckHandler).not.toBeNull()
    for (const permission of ['media', 'notifications', 'clipboard-read', 'serial', 'hid'])
      expect(fake.permissionCheckHandler?.({}, permission, 'file://', {})).toBe(false)
  })
})

describe('restorableBounds', () => {
  const state = (extra: Partial<WindowState>): WindowState => ({
    width: 1000,
    height: 700,
    maximized: false,
    ...extra
  })

  it('keeps a position that is on a screen', () => {
    expect(restorableBounds(state({ x: 120, y: 80 }), [SCREEN])).toEqual({
      x: 120,
      y: 80,
      width: 1000,
      height: 700
    })
  })

  it('keeps a position on a second display, left of the primary one', () => {
    const left = { x: -1280, y: 0, width: 1280, height: 1024 }
    expect(restorableBounds(state({ x: -1200, y: 40 }), [SCREEN, left])).toMatchObject({
      x: -1200,
      y: 40
    })
  })

  it('drops a position on a display that is gone, keeping the size', () => {
    expect(restorableBounds(state({ x: 2500, y: 100 }), [SCREEN])).toEqual({
      width: 1000,
      height: 700
    })
    expect(restorableBounds(state({ x: -1200, y: 40 }), [SCREEN])).toEqual({
      width: 1000,
      height: 700
    })
  })

  it('drops a position whose title bar is off every screen', () => {
    // Only a sliver of the left edge, or only the bottom of the window, would be visible.
    expect(restorableBounds(state({ x: 1915, y: 100 }), [SCREEN])).not.toHaveProperty('x')
    expect(restorableBounds(state({ x: 100, y: -650 }), [SCREEN])).not.toHaveProperty('x')
    expect(restorableBounds(state({ x: 100, y: 1040 }), [SCREEN])).not.toHaveProperty('x')
  })

  it('drops every position when no display is known', () => {
    expect(restorableBounds(state({ x: 10, y: 10 }), [])).toEqual({ width: 1000, height: 700 })
  })

  it('handles a state without x or y', () => {
    expect(restorableBounds(state({}), [SCREEN])).toEqual({ width: 1000, height: 700 })
    expect(restorableBounds(state({ x: 100 }), [SCREEN])).toEqual({ width: 1000, height: 700 })
    expect(restorableBounds(state({ y: 100 }), [SCREEN])).toEqual({ width: 1000, height: 700 })
  })
})

describe('createMainWindow', () => {
  async function open(extra: { state?: Partial<WindowState>; url?: string } = {}) {
    const fake = createFakeElectron()
    const saveState = vi.fn((_state: WindowState) => Promise.resolve())
    const window = (await createMainWindow({
      BrowserWindow: fake.BrowserWindow as unknown as typeof BrowserWindow,
      workAreas: [SCREEN],
      preload: PRELOAD,
      renderer: extra.url
        ? { kind: 'url', url: extra.url }
        : { kind: 'app', root: '/app/out/renderer' },
      state: { width: 1100, height: 760, maximized: false, ...extra.state },
      saveState
    })) as unknown as FakeBrowserWindow
    return { fake, window, saveState }
  }

  it('builds the window with the secure preferences and restored bounds, hidden until ready', async () => {
    const { fake, window } = await open({ state: { x: 50, y: 60 } })
    expect(fake.BrowserWindow.instances).toHaveLength(1)
    expect(window.options).toMatchObject({ x: 50, y: 60, width: 1100, height: 760, show: false })
    expect(window.options.webPreferences).toEqual(secureWebPreferences(PRELOAD))
    expect(window.visible).toBe(false)
    window.emit('ready-to-show')
    expect(window.visible).toBe(true)
  })

  it('loads the built page from app://cairn (never file://), or the dev server URL', async () => {
    const built = await open()
    expect(built.window.loaded).toEqual({ kind: 'url', url: 'app://cairn/index.html' })
    expect(built.window.calls).not.toContain('loadFile')
    const url = await open({ url: 'http://localhost:5173/' })
    expect(url.window.loaded).toEqual({ kind: 'url', url: 'http://localhost:5173/' })
  })

  it('restores the maximized state', async () => {
    const { window } = await open({ state: { maximized: true } })
    expect(window.maximized).toBe(true)
    const plain = await open({ state: { maximized: false } })
    expect(plain.window.calls).not.toContain('maximize')
  })

  it('saves the normal bounds and the maximized flag on close', async () => {
    const { window, saveState } = await open()
    window.normalBounds = { x: 11, y: 22, width: 900, height: 650 }
    window.maximized = true
    window.close()
    expect(saveState).toHaveBeenCalledTimes(1)
    expect(saveState).toHaveBeenCalledWith({
      x: 11,
      y: 22,
      width: 900,
      height: 650,
      maximized: true
    })
  })

  it('survives a failing save on close', async () => {
    const { window, saveState } = await open()
    saveState.mockImplementation(() => Promise.reject(new Error('disk full')))
    expect(() => window.close()).not.toThrow()
    await Promise.resolve()
    expect(saveState).toHaveBeenCalledTimes(1)
  })
})

describe('confirmUnsavedUnload', () => {
  it('lets the window go only when the user chooses to leave', () => {
    const contents = new FakeWebContents()
    let answer = false
    const ask = vi.fn(() => answer)
    confirmUnsavedUnload(contents as never, ask)

    const stay = fakeEvent()
    contents.emit('will-prevent-unload', stay)
    expect(ask).toHaveBeenCalledTimes(1)
    expect(stay.preventDefault).not.toHaveBeenCalled()

    answer = true
    const leave = fakeEvent()
    contents.emit('will-prevent-unload', leave)
    expect(leave.preventDefault).toHaveBeenCalledTimes(1)
  })

  it('is wired by createMainWindow, asking about that window', async () => {
    const fake = createFakeElectron()
    const askToLeave = vi.fn((_window: unknown) => true)
    const window = (await createMainWindow({
      BrowserWindow: fake.BrowserWindow as unknown as typeof BrowserWindow,
      workAreas: [SCREEN],
      preload: PRELOAD,
      renderer: { kind: 'app', root: '/app/out/renderer' },
      state: { width: 1100, height: 760, maximized: false },
      saveState: () => Promise.resolve(),
      askToLeave
    })) as unknown as FakeBrowserWindow
    const event = fakeEvent()
    window.webContents.emit('will-prevent-unload', event)
    expect(askToLeave).toHaveBeenCalledWith(window)
    expect(event.preventDefault).toHaveBeenCalledTimes(1)
  })
})
