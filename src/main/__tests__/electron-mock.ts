import { vi } from 'vitest'
import { createFakeDesktop } from './electron-mock-desktop'
import { FakeEmitter } from './electron-mock-emitter'

export { FakeEmitter }

/*
 * A small hand-written stand-in for the parts of `electron` that Cairn's glue touches. Each call to
 * createFakeElectron() gives a fresh, independent set; tests pass `fake.module` to vi.doMock.
 * It records what the code asked for and lets a test fire the events Electron would fire.
 */

type Listener = (...args: never[]) => unknown

/** An Electron-style event whose preventDefault is observable. */
export function fakeEvent(extra: Record<string, unknown> = {}) {
  return { preventDefault: vi.fn(), defaultPrevented: false, ...extra }
}

export type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: WindowOpenHandler | null = null
  readonly sent: Array<{ channel: string; payload: unknown }> = []
  destroyed = false
  reloads = 0

  reload(): void {
    this.reloads += 1
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler
  }

  send(channel: string, payload: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, payload })
  }

  isDestroyed(): boolean {
    return this.destroyed
  }
}

export interface FakeRectangle {
  x: number
  y: number
  width: number
  height: number
}

export interface FakeWindowClass {
  new (options?: Record<string, unknown>): FakeBrowserWindow
  instances: FakeBrowserWindow[]
  getAllWindows(): FakeBrowserWindow[]
}

export interface FakeBrowserWindow extends FakeEmitter {
  readonly options: Record<string, unknown>
  readonly webContents: FakeWebContents
  loaded: { kind: 'file'; path: string } | { kind: 'url'; url: string } | null
  normalBounds: FakeRectangle
  maximized: boolean
  minimized: boolean
  visible: boolean
  destroyed: boolean
  readonly calls: string[]
  loadFile(path: string): Promise<void>
  loadURL(url: string): Promise<void>
  maximize(): void
  isMaximized(): boolean
  focused: boolean
  alwaysOnTop: { flag: boolean; level?: string } | null
  minimize(): void
  isMinimized(): boolean
  restore(): void
  focus(): void
  blur(): void
  isFocused(): boolean
  show(): void
  hide(): void
  isVisible(): boolean
  setAlwaysOnTop(flag: boolean, level?: string): void
  setVisibleOnAllWorkspaces(flag: boolean, options?: Record<string, unknown>): void
  /** Closed without 'close' (no chance to refuse), as Electron's destroy(). */
  destroy(): void
  getNormalBounds(): FakeRectangle
  isDestroyed(): boolean
  /** What the user closing the window does: 'close', then destroyed, then 'closed'. */
  close(): void
}

export function createFakeElectron(
  options: {
    singleInstanceLock?: boolean
    workAreas?: FakeRectangle[]
    /** Default true: the app as users run it. */
    isPackaged?: boolean
    /** Switches Chromium saw on the command line (app.commandLine.hasSwitch). */
    switches?: string[]
    /** Global shortcuts other apps hold (globalShortcut.register answers false). */
    takenShortcuts?: string[]
    /** new Tray() throws, as on a desktop without a tray. */
    trayFails?: boolean
  } = {}
) {
  const paths = new Map<string, string>([['userData', '/fake/default-user-data']])

  const app = Object.assign(new FakeEmitter(), {
    isPackaged: options.isPackaged ?? true,
    commandLine: {
      hasSwitch: vi.fn((name: string) => (options.switches ?? []).includes(name))
    },
    requestSingleInstanceLock: vi.fn(() => options.singleInstanceLock ?? true),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(() => Promise.resolve()),
    getPath: vi.fn((name: string) => {
      const path = paths.get(name)
      if (!path) throw new Error(`Failed to get '${name}' path`)
      return path
    }),
    setPath: vi.fn((name: string, path: string) => {
      if (!path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(path))
        throw new Error('Path must be absolute')
      paths.set(name, path)
    }),
    setAppLogsPath: vi.fn((path?: string) => {
      // Electron's default on Linux and Windows: inside the user-data folder.
      paths.set('logs', path ?? `${paths.get('userData') ?? '/fake'}/logs`)
    }),
    getName: vi.fn(() => 'Cairn'),
    getVersion: vi.fn(() => '0.0.0-test'),
    /** The schemes the app asked the OS to send it (cairn://). */
    protocolClients: [] as string[],
    setAsDefaultProtocolClient: vi.fn((scheme: string) => {
      app.protocolClients.push(scheme)
      return true
    })
  })

  // BrowserWindow: a class whose instances announce their webContents the way Electron does.
  const instances: FakeBrowserWindow[] = []
  class BrowserWindow extends FakeEmitter implements FakeBrowserWindow {
    static instances = instances
    static getAllWindows(): FakeBrowserWindow[] {
      return instances.filter((window) => !window.destroyed)
    }

    readonly webContents = new FakeWebContents()
    loaded: FakeBrowserWindow['loaded'] = null
    normalBounds: FakeRectangle
    maximized = false
    minimized = false
    visible = false
    destroyed = false
    focused = false
    alwaysOnTop: FakeBrowserWindow['alwaysOnTop'] = null
    readonly calls: string[] = []

    constructor(readonly options: Record<string, unknown> = {}) {
      super()
      this.normalBounds = {
        x: typeof options.x === 'number' ? options.x : 100,
        y: typeof options.y === 'number' ? options.y : 100,
        width: typeof options.width === 'number' ? options.width : 800,
        height: typeof options.height === 'number' ? options.height : 600
      }
      instances.push(this)
      app.emit('browser-window-created', fakeEvent(), this)
      app.emit('web-contents-created', fakeEvent(), this.webContents)
    }

    loadFile(path: string): Promise<void> {
      this.calls.push('loadFile')
      this.loaded = { kind: 'file', path }
      return Promise.resolve()
    }
    loadURL(url: string): Promise<void> {
      this.calls.push('loadURL')
      this.loaded = { kind: 'url', url }
      return Promise.resolve()
    }
    maximize(): void {
      this.calls.push('maximize')
      this.maximized = true
    }
    isMaximized(): boolean {
      return this.maximized
    }
    minimize(): void {
      this.minimized = true
    }
    isMinimized(): boolean {
      return this.minimized
    }
    restore(): void {
      this.calls.push('restore')
      this.minimized = false
    }
    focus(): void {
      this.calls.push('focus')
      for (const other of instances) other.focused = other === this
    }
    blur(): void {
      this.focused = false
    }
    isFocused(): boolean {
      return this.focused
    }
    show(): void {
      this.calls.push('show')
      this.visible = true
    }
    hide(): void {
      this.calls.push('hide')
      this.visible = false
      this.focused = false
    }
    isVisible(): boolean {
      return this.visible
    }
    title = 'Cairn'
    setTitle(title: string): void {
      this.title = title
    }
    setAlwaysOnTop(flag: boolean, level?: string): void {
      this.alwaysOnTop = level === undefined ? { flag } : { flag, level }
    }
    setVisibleOnAllWorkspaces(_flag: boolean, _options?: Record<string, unknown>): void {
      this.calls.push('setVisibleOnAllWorkspaces')
    }
    destroy(): void {
      if (this.destroyed) return
      this.destroyed = true
      this.webContents.destroyed = true
      this.emit('closed')
      if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed')
    }
    getNormalBounds(): FakeRectangle {
      return { ...this.normalBounds }
    }
    isDestroyed(): boolean {
      return this.destroyed
    }
    close(): void {
      this.emit('close', fakeEvent())
      this.destroyed = true
      this.webContents.destroyed = true
      this.emit('closed')
      if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed')
    }
  }

  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  const ipcMain = {
    handlers: ipcHandlers,
    handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
      if (ipcHandlers.has(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`)
      ipcHandlers.set(channel, handler)
    }),
    removeHandler: vi.fn((channel: string) => {
      ipcHandlers.delete(channel)
    }),
    /** What ipcRenderer.invoke from a frame at `url` would do. */
    async invoke(channel: string, input: unknown, frame: { url: string; topLevel?: boolean }) {
      const handler = ipcHandlers.get(channel)
      if (!handler) throw new Error(`No handler registered for '${channel}'`)
      const senderFrame = {
        url: frame.url,
        parent: frame.topLevel === false ? {} : null,
        detached: false,
        isDestroyed: () => false
      }
      return handler({ senderFrame }, input)
    }
  }

  const defaultSession = {
    permissionRequestHandler: null as
      | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void)
      | null,
    permissionCheckHandler: null as ((...args: unknown[]) => boolean) | null,
    setPermissionRequestHandler: vi.fn(
      (
        handler: (
          contents: unknown,
          permission: string,
          callback: (granted: boolean) => void
        ) => void
      ) => {
        defaultSession.permissionRequestHandler = handler
      }
    ),
    setPermissionCheckHandler: vi.fn((handler: (...args: unknown[]) => boolean) => {
      defaultSession.permissionCheckHandler = handler
    })
  }

  const shell = {
    openExternal: vi.fn((_url: string) => Promise.resolve()),
    openPath: vi.fn((_path: string) => Promise.resolve(''))
  }
  const clipboard = { text: '', writeText: vi.fn((text: string) => void (clipboard.text = text)) }

  // protocol: what registerSchemesAsPrivileged was told, and the handle()d schemes.
  const protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>()
  const protocol = {
    privileged: [] as Array<{ scheme: string; privileges?: Record<string, boolean> }>,
    handlers: protocolHandlers,
    registerSchemesAsPrivileged: vi.fn(
      (schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>) => {
        protocol.privileged.push(...schemes)
      }
    ),
    handle: vi.fn((scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
      if (protocolHandlers.has(scheme)) throw new Error(`scheme ${scheme} is already handled`)
      protocolHandlers.set(scheme, handler)
    }),
    /** What the renderer fetching `url` would get. */
    fetch(url: string, init?: RequestInit): Promise<Response> {
      const scheme = url.slice(0, url.indexOf(':'))
      const handler = protocolHandlers.get(scheme)
      if (!handler) throw new Error(`no handler for ${scheme}:`)
      return Promise.resolve(handler(new Request(url, init)))
    }
  }

  const dialog = {
    showErrorBox: vi.fn((_title: string, _content: string) => undefined),
    /** Answers "Reload" (button 0) unless a test sets another response. */
    response: 0,
    showMessageBox: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ response: dialog.response, checkboxChecked: false })
    ),
    showMessageBoxSync: vi.fn((..._args: unknown[]) => dialog.response),
    showSaveDialog: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ canceled: true, filePath: '' })
    ),
    /** The attachment picker, cancelled unless a test says otherwise. */
    showOpenDialog: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ canceled: true, filePaths: [] as string[] })
    )
  }

  // globalShortcut: what is held, by whom; `taken` are combinations other apps hold.
  const shortcuts = new Map<string, () => void>()
  const globalShortcut = {
    held: shortcuts,
    taken: new Set<string>(options.takenShortcuts ?? []),
    register: vi.fn((accelerator: string, callback: () => void): boolean => {
      if (accelerator.includes('Invalid')) throw new Error(`conversion failure: ${accelerator}`)
      if (globalShortcut.taken.has(accelerator) || shortcuts.has(accelerator)) return false
      shortcuts.set(accelerator, callback)
      return true
    }),
    unregister: vi.fn((accelerator: string) => void shortcuts.delete(accelerator)),
    isRegistered: vi.fn((accelerator: string) => shortcuts.has(accelerator)),
    /** What the user pressing the combination does. */
    press(accelerator: string): void {
      const callback = shortcuts.get(accelerator)
      if (!callback) throw new Error(`${accelerator} is not registered`)
      callback()
    }
  }
  const { Tray, Menu, crashReporter, Notification } = createFakeDesktop(options)

  const workAreas = options.workAreas ?? [{ x: 0, y: 0, width: 1920, height: 1040 }]
  const screen = {
    getAllDisplays: vi.fn(() => workAreas.map((workArea, id) => ({ id, workArea })))
  }

  // Renderer-side pieces, for the preload.
  const exposed = new Map<string, unknown>()
  const contextBridge = {
    exposed,
    exposeInMainWorld: vi.fn((key: string, api: unknown) => {
      exposed.set(key, api)
    })
  }
  const rendererEvents = new FakeEmitter()
  const ipcRenderer = {
    events: rendererEvents,
    invoke: vi.fn((_channel: string, _input: unknown): Promise<unknown> =>
      Promise.resolve({ ok: true, data: null })
    ),
    on: vi.fn((event: string, listener: Listener) => {
      rendererEvents.on(event, listener)
      return ipcRenderer
    }),
    removeListener: vi.fn((event: string, listener: Listener) => {
      rendererEvents.removeListener(event, listener)
      return ipcRenderer
    })
  }

  const module = {
    app,
    BrowserWindow,
    ipcMain,
    session: { defaultSession },
    shell,
    clipboard,
    screen,
    protocol,
    dialog,
    globalShortcut,
    contextBridge,
    ipcRenderer,
    Tray,
    Menu,
    Notification,
    crashReporter
  }
  return { ...module, paths, module: { ...module, default: module } }
}

export type FakeElectron = ReturnType<typeof createFakeElectron>
