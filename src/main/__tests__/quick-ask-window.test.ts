import type { BrowserWindow } from 'electron'
import { describe, expect, it } from 'vitest'
import {
  createQuickAskToggle,
  createQuickAskWindow,
  QUICK_ASK_SIZE,
  quickAskUrl,
  quickAskWindowOptions
} from '../quick-ask-window'
import { secureWebPreferences } from '../window'
import { createFakeElectron, type FakeBrowserWindow } from './electron-mock'

const PRELOAD = '/app/out/preload/index.cjs'

describe('quickAskWindowOptions', () => {
  const options = quickAskWindowOptions(PRELOAD)

  it('has exactly the main window web preferences: sandbox, isolation, the same preload', () => {
    expect(options.webPreferences).toEqual(secureWebPreferences(PRELOAD))
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
      preload: PRELOAD
    })
  })

  it('is small, always on top, frameless, hidden until shown, out of the task bar', () => {
    expect(options).toMatchObject({
      width: 640,
      height: 420,
      alwaysOnTop: true,
      frame: false,
      show: false,
      skipTaskbar: true,
      maximizable: false,
      fullscreenable: false
    })
    expect(QUICK_ASK_SIZE).toEqual({ width: 640, height: 420 })
  })
})

describe('quickAskUrl', () => {
  it('is the renderer entry on the #quick-ask route (app://cairn, or the dev server)', () => {
    expect(quickAskUrl({ kind: 'app', root: '/x' })).toBe('app://cairn/index.html#quick-ask')
    expect(quickAskUrl({ kind: 'url', url: 'http://localhost:5173/' })).toBe(
      'http://localhost:5173/#quick-ask'
    )
  })
})

describe('createQuickAskWindow', () => {
  it('loads the quick-ask route and floats above full-screen apps', async () => {
    const fake = createFakeElectron()
    const window = (await createQuickAskWindow({
      BrowserWindow: fake.BrowserWindow as unknown as typeof BrowserWindow,
      preload: PRELOAD,
      renderer: { kind: 'app', root: '/app/out/renderer' }
    })) as unknown as FakeBrowserWindow
    expect(window.loaded).toEqual({ kind: 'url', url: 'app://cairn/index.html#quick-ask' })
    expect(window.alwaysOnTop).toEqual({ flag: true, level: 'floating' })
    expect(window.calls).toContain('setVisibleOnAllWorkspaces')
  })
})

describe('createQuickAskToggle', () => {
  function setup() {
    const fake = createFakeElectron()
    let made = 0
    const toggle = createQuickAskToggle(async () => {
      made += 1
      return (await createQuickAskWindow({
        BrowserWindow: fake.BrowserWindow as unknown as typeof BrowserWindow,
        preload: PRELOAD,
        renderer: { kind: 'app', root: '/r' }
      })) as never
    })
    const window = () => toggle.current() as unknown as FakeBrowserWindow
    return { toggle, window, made: () => made }
  }

  it('the first press makes the window and shows it focused', async () => {
    const { toggle, window } = setup()
    await toggle.toggle()
    expect(window().visible).toBe(true)
    expect(window().focused).toBe(true)
  })

  it('a press while it is in front hides it; the next shows the same window again', async () => {
    const { toggle, window, made } = setup()
    await toggle.toggle()
    const first = window()
    await toggle.toggle()
    expect(first.visible).toBe(false)
    await toggle.toggle()
    expect(window()).toBe(first)
    expect(first.visible).toBe(true)
    expect(made()).toBe(1)
  })

  it('a press while it is visible but behind another window brings it forward', async () => {
    const { toggle, window } = setup()
    await toggle.toggle()
    window().blur()
    await toggle.toggle()
    expect(window().visible).toBe(true)
    expect(window().focused).toBe(true)
  })

  it('two presses while it loads make one window', async () => {
    const { toggle, made } = setup()
    await Promise.all([toggle.toggle(), toggle.toggle()])
    expect(made()).toBe(1)
  })

  it('hide keeps it for next time; a closed window is made again', async () => {
    const { toggle, window, made } = setup()
    expect(toggle.hide()).toBe(false)
    await toggle.open()
    expect(toggle.hide()).toBe(true)
    expect(window().visible).toBe(false)
    window().close()
    expect(toggle.current()).toBeNull()
    await toggle.open()
    expect(made()).toBe(2)
    expect(window().visible).toBe(true)
  })
})
