import type { AttentionDesktop, AttentionNote } from '../../services/attention/attention-service'

/** A notification as Electron makes one (only what this file uses). */
export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown
  show(): void
}

export interface AttentionElectron {
  /** macOS's dock badge and Linux's Unity launcher count; false (or missing) elsewhere. */
  setBadgeCount?(count: number): boolean
  Notification?: {
    new (options: { title: string; body: string }): NotificationLike
    isSupported(): boolean
  }
}

/** The main window as this file needs it. */
export interface AttentionWindow {
  isDestroyed(): boolean
  isFocused(): boolean
  isVisible(): boolean
  setTitle(title: string): void
}

/**
 * Approvals waiting, on the desktop: the count on the app icon where the system has one, the
 * window's title (read by every system's task switcher, the count included), the tray's tooltip,
 * and a system notification whose click runs what the attention service asks.
 */
export function createDesktopAttention(
  electron: AttentionElectron,
  context: {
    /** The main window now (null: none open). */
    window: () => AttentionWindow | null
    showMain(): Promise<void>
    /** The tray's tooltip ("Cairn — 1 chat waiting for your approval"). */
    trayTooltip(text: string): void
  }
): AttentionDesktop & { title(): string } {
  let title = 'Cairn'
  // Electron may collect a notification nobody holds before its click arrives.
  const shown = new Set<NotificationLike>()
  const open = (): AttentionWindow | null => {
    const window = context.window()
    return window && !window.isDestroyed() ? window : null
  }
  return {
    title: () => title,
    showWaiting({ chats, title: next }) {
      title = next
      electron.setBadgeCount?.(chats)
      open()?.setTitle(next)
      context.trayTooltip(next)
    },
    isFocused() {
      const window = open()
      return !!window && window.isVisible() && window.isFocused()
    },
    notify(note: AttentionNote, onClick: () => void) {
      const Notification = electron.Notification
      if (!Notification?.isSupported()) return
      const notification = new Notification({ title: note.title, body: note.body })
      shown.add(notification)
      notification.on('click', () => {
        shown.delete(notification)
        onClick()
      })
      notification.on('close', () => shown.delete(notification))
      notification.show()
    },
    showMain: () => context.showMain()
  }
}
