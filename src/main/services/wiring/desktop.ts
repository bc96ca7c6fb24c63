import type { BackgroundTimers } from '../background-timers'
import type { LinkInbox } from '../app/link-inbox'
import { createAttentionService } from '../attention/attention-service'
import type { ChatService } from '../chat'
import type { ElicitationDesk } from '../mcp'
import { createQuickAskService } from '../quick-ask/quick-ask-service'
import { createShortcutService } from '../quick-ask/shortcut-service'
import type { SettingsStore } from '../settings/settings-store'
import { createUpdatesService } from '../updates'
import type { ServiceDeps } from './deps'

interface DesktopNeeds {
  settings: SettingsStore
  chat: ChatService
  elicitations: ElicitationDesk
  links: LinkInbox
  background: BackgroundTimers
}

/**
 * What main attaches to the desktop once the window is up: quick ask's global shortcut and small
 * window, the approvals waiting shown outside the page (icon, title, tray, notification), updates.
 */
export function createDesktop(deps: ServiceDeps, needs: DesktopNeeds) {
  const { settings, chat, background } = needs
  const attention = createAttentionService({
    chat,
    elicitations: needs.elicitations,
    links: needs.links,
    logger: deps.logger
  })
  const shortcut = createShortcutService({
    settings,
    platform: deps.app.platform,
    logger: deps.logger
  })
  const quickAsk = createQuickAskService({
    conversationExists: (conversationId) => chat.getConversation({ conversationId }),
    logger: deps.logger
  })
  // Off ("development build") until main connects electron-updater in a packaged build.
  const updates = createUpdatesService({
    currentVersion: deps.app.version,
    settings: {
      get: () => settings.get().settings.updates,
      onChange: (listener) => settings.onChange((next) => listener(next.updates))
    },
    chat,
    logger: deps.logger,
    setTimer: (fn, ms) => background.after('update-check', ms, fn),
    clearTimer: (handle) => background.cancel(handle)
  })
  return { attention, shortcut, quickAsk, updates }
}
