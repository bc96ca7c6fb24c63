import type { BrowserWindow, Notification } from 'electron'
import { createDesktopAttention } from '../../platform/desktop/attention'
import type { Services } from '../../services'
import type { Logger } from '../../services/log/logger'
import type { ElectronApi } from '../electron-api'
import type { MainWindowHandle } from '../window'
import type { TrayHandle } from './tray'

/** electron-builder.yml's appId: Windows shows a notification only for an app with this id. */
export const APP_USER_MODEL_ID = 'app.cairn.desktop'

export interface AttentionElectronApi {
  app: Pick<ElectronApi['app'], 'on'> & {
    setBadgeCount?(count: number): boolean
    setAppUserModelId?(id: string): void
  }
  Notification?: typeof Notification
}

/**
 * Approvals waiting, told where the user is: the attention service decides what and when; this
 * connects it to the icon's count, the main window's title, the tray's tooltip and notifications.
 * The page's own <title> would take the window's title back on each load: main keeps it.
 */
export function setupAttention(
  electron: AttentionElectronApi,
  context: {
    services: Pick<Services, 'attention'>
    window: Pick<MainWindowHandle, 'current' | 'focusWindow'>
    tray: Pick<TrayHandle, 'setTooltip'>
    logger: Logger
    platform?: string
  }
): { dispose(): void } {
  const { services, window, tray, logger } = context
  if ((context.platform ?? process.platform) === 'win32')
    electron.app.setAppUserModelId?.(APP_USER_MODEL_ID)
  const desktop = createDesktopAttention(
    {
      ...(electron.app.setBadgeCount
        ? { setBadgeCount: (count: number) => electron.app.setBadgeCount!(count) }
        : {}),
      ...(electron.Notification ? { Notification: electron.Notification } : {})
    },
    {
      window: () => window.current(),
      showMain: async () => void (await window.focusWindow()).show(),
      trayTooltip: (text) => tray.setTooltip(text)
    }
  )
  electron.app.on('browser-window-created', (_event, created: BrowserWindow) => {
    created.on('page-title-updated', (event) => {
      if (created !== window.current()) return
      event.preventDefault()
      created.setTitle(desktop.title())
    })
  })
  const detach = services.attention.attach({
    ...desktop,
    notify: (note, onClick) => {
      try {
        desktop.notify(note, onClick)
      } catch (error) {
        logger.warn('attention: the notification could not be shown', { error })
      }
    }
  })
  return { dispose: detach }
}
