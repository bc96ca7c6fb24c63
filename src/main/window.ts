import type {
  BrowserWindow as BrowserWindowType,
  BrowserWindowConstructorOptions,
  Rectangle,
  Session,
  WebContents
} from 'electron'
import { rendererEntryUrl, type RendererLocation } from './ipc/trusted-url'
import type { WindowState } from './services/window-state/window-state-store'

/**
 * The renderer never gets Node, never leaves its sandbox, and never relaxes web security.
 * DevTools only in development builds (a packaged app has none to open).
 */
export function secureWebPreferences(
  preload: string,
  devTools = false
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
    devTools,
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

/** Every permission (camera, notifications, geolocation, …) is refused. */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

/**
 * Navigation only within our own page's origin (app://cairn, or the dev server), and only in the
 * main frame; no redirects, no new windows, no webviews. Links leave the app only through the
 * `app:open-external` channel, after the user saw the address: window.open opens nothing.
 */
export function hardenContents(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  isOwnPage: (url: string) => boolean = () => false
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isOwnPage(typeof url === 'string' ? url : event.url)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!(event.isMainFrame && isOwnPage(event.url))) event.preventDefault()
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

/** How much of the title bar must be on one display for the user to grab and move the window. */
const TITLE_BAR_HEIGHT = 32
const MIN_GRAB_WIDTH = 64

/**
 * Keeps a saved position only if the window's title bar is still on a connected display (monitors
 * come and go); a window that merely overlaps a screen edge by a few pixels cannot be moved back.
 */
export function restorableBounds(state: WindowState, workAreas: Rectangle[]): Partial<Rectangle> {
  const { x, y, width, height } = state
  if (x === undefined || y === undefined) return { width, height }
  const titleBarBottom = y + Math.min(TITLE_BAR_HEIGHT, height)
  const grabbable = workAreas.some((area) => {
    const left = Math.max(x, area.x)
    const right = Math.min(x + width, area.x + area.width)
    const top = Math.max(y, area.y)
    const bottom = Math.min(titleBarBottom, area.y + area.height)
    return right - left >= Math.min(MIN_GRAB_WIDTH, width) && bottom > top
  })
  return grabbable ? { x, y, width, height } : { width, height }
}

/**
 * The page's beforeunload handler (unsaved memory edits) only cancels the unload; Electron shows
 * nothing for it. Ask here, and let the page go only if the user says so.
 */
export function confirmUnsavedUnload(
  contents: Pick<WebContents, 'on'>,
  askToLeave: () => boolean
): void {
  contents.on('will-prevent-unload', (event) => {
    // preventDefault here overrides the page's beforeunload: the window closes or reloads.
    if (askToLeave()) event.preventDefault()
  })
}

export interface MainWindowOptions {
  BrowserWindow: typeof BrowserWindowType
  workAreas: Rectangle[]
  preload: string
  renderer: RendererLocation
  state: WindowState
  saveState: (state: WindowState) => Promise<void>
  /** Development builds only; default off. */
  devTools?: boolean
  /** Asked (synchronously) when the page refuses to unload over unsaved edits; true leaves. */
  askToLeave?: (window: BrowserWindowType) => boolean
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
    webPreferences: secureWebPreferences(options.preload, options.devTools ?? false)
  })
  if (state.maximized) window.maximize()
  const { askToLeave } = options
  if (askToLeave) confirmUnsavedUnload(window.webContents, () => askToLeave(window))
  window.once('ready-to-show', () => window.show())
  window.on('close', () => {
    const bounds = window.getNormalBounds()
    void options.saveState({ ...bounds, maximized: window.isMaximized() }).catch(() => undefined)
  })
  await window.loadURL(rendererEntryUrl(options.renderer))
  return window
}
