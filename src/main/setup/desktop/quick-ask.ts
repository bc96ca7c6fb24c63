import type { App, BrowserWindow as BrowserWindowType, GlobalShortcut } from 'electron'
import type { RendererLocation } from '../../ipc/trusted-url'
import { createShortcutRegistrar } from '../../platform/desktop/global-shortcut'
import { createQuickAskToggle, createQuickAskWindow } from '../../quick-ask-window'
import type { Services } from '../../services'
import type { Logger } from '../../services/log/logger'

export interface QuickAskHandle {
  /** Shows and focuses the quick-ask window (the tray's "Quick ask"). */
  openQuickAsk(): Promise<void>
  /** What the global shortcut does: shows it, or hides it when it is the window in front. */
  toggleQuickAsk(): Promise<void>
}

/**
 * Quick ask: the global shortcut (through the shortcut service) and the small always-on-top window,
 * the same page on its #quick-ask route. Call after the services exist, before the main window opens.
 */
export function setupQuickAsk(
  electron: {
    app: Pick<App, 'on' | 'isPackaged'>
    BrowserWindow: typeof BrowserWindowType
    globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister' | 'isRegistered'>
  },
  context: {
    preload: string
    renderer: RendererLocation
    services: Pick<Services, 'shortcut' | 'quickAsk'>
    logger: Logger
    /** Opens (if needed), restores and focuses the main window. */
    showMain: () => Promise<void>
  }
): QuickAskHandle {
  const { app, BrowserWindow, globalShortcut } = electron
  const { services, logger } = context
  const window = createQuickAskToggle(() =>
    createQuickAskWindow({
      BrowserWindow,
      preload: context.preload,
      renderer: context.renderer,
      devTools: !app.isPackaged
    })
  )
  const failed = (error: unknown): void => logger.error('quick ask could not open', { error })
  services.quickAsk.attach({ showMain: context.showMain, hideQuickAsk: () => window.hide() })
  services.shortcut.attach(createShortcutRegistrar(globalShortcut), () => {
    window.toggle().catch(failed)
  })
  // A hidden quick-ask window must not keep the app running once every other window is closed.
  app.on('browser-window-created', (_event, created) => {
    created.on('closed', () => {
      const quick = window.current()
      const others = BrowserWindow.getAllWindows().filter((open) => open !== quick)
      if (quick && others.length === 0) window.destroy()
    })
  })
  // The shortcut goes back to the system as soon as Cairn quits (the services' dispose does it too).
  app.on('will-quit', () => services.shortcut.dispose())
  return {
    openQuickAsk: () => window.open(),
    toggleQuickAsk: () => window.toggle()
  }
}
