import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions } from 'electron'
import { QUICK_ASK_HASH } from '@shared/app/quick-ask'
import { rendererEntryUrl, type RendererLocation } from './ipc/trusted-url'
import { secureWebPreferences } from './window'

/** Small enough to sit over other work, big enough for a question and a few paragraphs. */
export const QUICK_ASK_SIZE = { width: 640, height: 420 } as const

/**
 * The quick-ask window: the main window's web preferences (sandbox, isolation, the same preload),
 * always on top, without a frame, and out of the task bar. Navigation and new windows are refused
 * for it by the same app-wide hardenContents as for every web contents.
 */
export function quickAskWindowOptions(
  preload: string,
  devTools = false
): BrowserWindowConstructorOptions {
  return {
    ...QUICK_ASK_SIZE,
    minWidth: 420,
    minHeight: 260,
    center: true,
    show: false,
    frame: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    title: 'Cairn — quick ask',
    backgroundColor: '#1b1d22',
    webPreferences: secureWebPreferences(preload, devTools)
  }
}

/** The page it loads: the renderer's own entry, on the quick-ask route. */
export function quickAskUrl(renderer: RendererLocation): string {
  const entry = new URL(rendererEntryUrl(renderer))
  entry.hash = QUICK_ASK_HASH
  return entry.toString()
}

export interface QuickAskWindowOptions {
  BrowserWindow: typeof BrowserWindowType
  preload: string
  renderer: RendererLocation
  devTools?: boolean
}

export async function createQuickAskWindow(
  options: QuickAskWindowOptions
): Promise<BrowserWindowType> {
  const window = new options.BrowserWindow(
    quickAskWindowOptions(options.preload, options.devTools ?? false)
  )
  // Above full-screen apps too (macOS), where a quick question is most often asked.
  window.setAlwaysOnTop(true, 'floating')
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true })
  await window.loadURL(quickAskUrl(options.renderer))
  return window
}

export interface QuickAskToggle {
  /** Shown and focused if hidden or behind; hidden if it is the window in front. */
  toggle(): Promise<void>
  /** Shown and focused, whatever its state (the tray's "Quick ask"). */
  open(): Promise<void>
  /** Hidden, kept for next time; false when there is none. */
  hide(): boolean
  /** Closed for good (the main window went away, the app quits). */
  destroy(): void
  /** The window, if it exists now. */
  current(): BrowserWindowType | null
}

/**
 * One quick-ask window, made on first use and then hidden and shown (a second one is never made):
 * showing a loaded page is instant; loading one per press would not be.
 */
export function createQuickAskToggle(create: () => Promise<BrowserWindowType>): QuickAskToggle {
  let window: BrowserWindowType | null = null
  let opening: Promise<BrowserWindowType> | null = null
  const live = (): BrowserWindowType | null => (window && !window.isDestroyed() ? window : null)
  const ensure = (): Promise<BrowserWindowType> => {
    const existing = live()
    if (existing) return Promise.resolve(existing)
    opening ??= create()
      .then((made) => {
        window = made
        made.on('closed', () => {
          if (window === made) window = null
        })
        return made
      })
      .finally(() => {
        opening = null
      })
    return opening
  }
  const bringForward = (target: BrowserWindowType): void => {
    target.show()
    target.focus()
  }
  return {
    async toggle() {
      // A press while the window is still loading opens it once, not twice.
      if (opening) return void (await opening)
      const existing = live()
      if (existing && existing.isVisible() && existing.isFocused()) existing.hide()
      else bringForward(existing ?? (await ensure()))
    },
    async open() {
      bringForward(await ensure())
    },
    hide() {
      const existing = live()
      if (!existing || !existing.isVisible()) return false
      existing.hide()
      return true
    },
    destroy() {
      live()?.destroy()
      window = null
    },
    current: live
  }
}
