import { CairnError } from '@shared/errors'
import type { ShowConversation } from '@shared/app/quick-ask'
import type { Logger } from '../log/logger'
import { Emitter } from '../events/emitter'

/** What the quick-ask window's requests need from the windows (Electron side, setup/desktop/quick-ask.ts). */
export interface QuickAskWindows {
  /** Opens (if it was closed), restores and focuses the main window. */
  showMain(): Promise<void>
  /** Hides the quick-ask window; false when there was none to hide. */
  hideQuickAsk(): boolean
}

export interface QuickAskService {
  /** Connects the windows once they exist; returns the disconnect. */
  attach(windows: QuickAskWindows): () => void
  hide(): { hidden: boolean }
  /** "Open in Cairn": the main window comes forward on this conversation; quick ask steps aside. */
  openInMain(input: ShowConversation): Promise<{ opened: boolean }>
  /** The main window's renderer hears this as `window:show-conversation`. */
  onShowConversation(listener: (event: ShowConversation) => void): () => void
}

export function createQuickAskService({
  conversationExists,
  logger
}: {
  /** Resolves when the conversation is there; rejects (CHAT_NOT_FOUND) otherwise. */
  conversationExists: (conversationId: string) => Promise<unknown>
  logger: Logger
}): QuickAskService {
  let windows: QuickAskWindows | null = null
  const shows = new Emitter<ShowConversation>((error) =>
    logger.error('show-conversation listener failed', { error })
  )
  const unavailable = () =>
    new CairnError(
      'QUICK_ASK_UNAVAILABLE',
      'The main window cannot be reached from here. Open Cairn from its icon and find the chat in the list.'
    )
  return {
    attach(next) {
      windows = next
      return () => {
        if (windows === next) windows = null
      }
    },
    hide() {
      return { hidden: windows?.hideQuickAsk() ?? false }
    },
    async openInMain({ conversationId }) {
      await conversationExists(conversationId)
      if (!windows) throw unavailable()
      await windows.showMain()
      shows.emit({ conversationId })
      windows.hideQuickAsk()
      return { opened: true }
    },
    onShowConversation(listener) {
      return shows.on(listener)
    }
  }
}
