import { keepsRunningInTray, trayMenuModel, type TrayAction } from '@shared/app/tray-menu'
import { createTrayIcon, type TrayIcon } from '../../platform/desktop/tray'
import type { Services } from '../../services'
import type { Logger } from '../../services/log/logger'
import type { ElectronApi } from '../electron-api'
import type { MainWindowHandle } from '../window'

export interface TrayHandle {
  /** Closing the last window leaves Cairn running (the setting is on and the icon is shown). */
  keepsRunning(): boolean
  /** The icon's tooltip ("Cairn", or what waits for the user: approvals). */
  setTooltip(text: string): void
  dispose(): void
}

export interface TrayRequests {
  /**
   * Opens the quick-ask window ('quick-ask:open'). Whoever builds that window passes it in; with
   * the default (none) the menu leaves "Quick ask" out rather than show an item that does nothing.
   */
  openQuickAsk?: () => void
}

/**
 * The tray (menu bar) icon, shown while "Keep running in the tray when the window closes" is on,
 * and its menu, rebuilt from the pure model whenever the settings change.
 */
export function setupTray(
  electron: Pick<ElectronApi, 'app' | 'Tray' | 'Menu'>,
  context: {
    services: Pick<Services, 'settings' | 'links' | 'app' | 'memory'>
    window: Pick<MainWindowHandle, 'focusWindow'>
    logger: Logger
    icon: string
    platform?: string
    requests?: TrayRequests
  }
): TrayHandle {
  const { app } = electron
  const { services, window, logger, icon, requests = {} } = context
  const platform = context.platform ?? process.platform
  const failed =
    (what: string) =>
    (error: unknown): void =>
      logger.error(`tray: ${what} failed`, { error })
  const openQuickAsk = requests.openQuickAsk ?? (() => undefined)

  const run = (action: TrayAction): void => {
    switch (action) {
      case 'open-window':
        return void window.focusWindow().catch(failed('open window'))
      case 'new-chat':
        // The app's own request: the page starts the chat without asking (the user clicked it).
        services.links.request({ kind: 'new-chat', text: '' })
        return void window.focusWindow().catch(failed('open window'))
      case 'quick-ask':
        return openQuickAsk()
      case 'open-memory-folder':
        return void services.app.openMemoryFolder().catch(failed('open memory folder'))
      case 'pause-memory': {
        const paused = services.settings.get().settings.newChatMemory === 'off'
        return void services.settings
          .update({ newChatMemory: paused ? 'on' : 'off' })
          .catch(failed('pause memory'))
      }
      case 'quit':
        return app.quit()
    }
  }

  let tray: TrayIcon | null = null
  let tooltip = 'Cairn'
  const sync = (): void => {
    const { settings } = services.settings.get()
    if (!keepsRunningInTray(settings.keepInTray, platform)) {
      tray?.destroy()
      tray = null
      return
    }
    try {
      if (!tray) {
        tray = createTrayIcon(electron, icon, run)
        tray.setToolTip(tooltip)
      }
    } catch (error) {
      // No tray on this desktop: the window closing quits as usual.
      failed('icon')(error)
      return
    }
    tray.update(
      trayMenuModel({
        memoryPaused: settings.newChatMemory === 'off',
        memoryOff: !services.memory.enabled,
        quickAskAvailable: requests.openQuickAsk !== undefined,
        platform
      })
    )
  }
  sync()
  const stop = services.settings.onChange(sync)
  return {
    keepsRunning: () => tray !== null,
    setTooltip(text) {
      tooltip = text
      tray?.setToolTip(text)
    },
    dispose() {
      stop()
      tray?.destroy()
      tray = null
    }
  }
}
