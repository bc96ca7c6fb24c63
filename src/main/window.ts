import type {
  BrowserWindow as BrowserWindowType,
  BrowserWindowConstructorOptions,
  Rectangle,
  Session,
  WebContents
} from 'electron'
import type { RendererLocation } from './ipc/trusted-url'
import type { WindowState } from './services/window-state/window-state-store'

/** The renderer never gets Node, never leaves its sandbox, and never relaxes web security. */
export function secureWebPreferences(
  preload: string
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    experimentalFeatures: false
  }
}

/** Only web links the user clicks leave the app, and only to the OS browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

/** Every permission (camera, notifications, geolocation, …) is refused. */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

/** No navigation away from our page, no new windows, no webviews. */
export function hardenContents(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  openExternal: (url: string) => Promise<void>
): void {
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void openExternal(url).catch(() => undefined)
    return { action: 'deny' }
  })
}

/** Keeps a saved position only if it is still on a connected display (monitors come and go). */
export function restorableBounds(state: WindowState, workAreas: Rectangle[]): Partial<Rectangle> {
  const { x, y, width, height } = state
  if (x === undefined || y === undefined) return { width, height }
  const visible = workAreas.some(
    (area) =>
      x < area.x + area.width &&
      x + width > area.x &&
      y < area.y + area.height &&
      y + height > area.y
  )
  return visible ? { x, y, width, height } : { width, height }
}

export interface MainWindowOptions {
  BrowserWindow: typeof BrowserWindowType
  workAreas: Rectangle[]
  preload: string
  renderer: RendererLocation
  state: WindowState
  saveState: (state: WindowState) => Promise<void>
}

export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindowType> {
  const { BrowserWindow, state } = options
  const window = new BrowserWindow({
    ...restorableBounds(state, options.workAreas),
    minWidth: 640,
    minHeight: 480,
    show: false,
    title: 'Cairn',
    backgroundColor: '#1b1d22',
    webPreferences: secureWebPreferences(options.preload)
  })
  if (state.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  window.on('close', () => {
    const bounds = window.getNormalBounds()
    void options.saveState({ ...bounds, maximized: window.isMaximized() }).catch(() => undefined)
  })
  if (options.renderer.kind === 'url') await window.loadURL(options.renderer.url)
  else await window.loadFile(options.renderer.path)
  return window
}
