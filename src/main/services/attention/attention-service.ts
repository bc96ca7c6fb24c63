import type { PendingApproval } from '@shared/chat/approval'
import { approvalTitle, waitingLabel } from '@shared/chat/approval-words'
import type { LinkInbox } from '../app/link-inbox'
import type { ChatService } from '../chat/calls/api'
import type { Logger } from '../log/logger'

/*
 * Approvals that wait, told where the user is when Cairn's window is not: the count on the app's
 * icon, in the window's title and the tray's tooltip, and a system notification for a change
 * asked while the window is in the background; its click brings the window forward on that chat
 * (an app request in the link inbox: a window that has to open first still takes it once loaded).
 * Plain Node: the desktop side (platform/desktop/attention.ts) comes in through `attach`.
 */

export interface AttentionNote {
  title: string
  body: string
  conversationId: string
}

/** What the desktop shows; main wires it over Electron, the browser harness records it. */
export interface AttentionDesktop {
  /** How many chats wait (0: none), and the window title that says it. */
  showWaiting(waiting: { chats: number; title: string; label: string | null }): void
  /** Whether the user is looking at Cairn's main window now (no notification then). */
  isFocused(): boolean
  /** A system notification; `onClick` runs when the user clicks it. */
  notify(note: AttentionNote, onClick: () => void): void
  /** Opens (if it was closed), restores and focuses the main window. */
  showMain(): Promise<void>
}

export interface AttentionService {
  /** Connects the desktop once the window exists; returns the disconnect. */
  attach(desktop: AttentionDesktop): () => void
  /** Chats with at least one approval waiting. */
  waitingChats(): number
  dispose(): void
}

export const APP_TITLE = 'Cairn'
export const NOTE_TITLE = 'Claude is waiting for your approval'

/** The window's title: "Cairn", or "Cairn — 1 chat waiting for your approval". */
export function windowTitle(chats: number): string {
  return chats > 0 ? `${APP_TITLE} — ${waitingLabel(chats)}` : APP_TITLE
}

export function createAttentionService({
  chat,
  links,
  logger
}: {
  chat: Pick<ChatService, 'onEvent' | 'listApprovals' | 'getConversation'>
  /** Where the page takes "open this chat" from, loaded now or once its window opens. */
  links: Pick<LinkInbox, 'request'>
  logger: Logger
}): AttentionService {
  let desktop: AttentionDesktop | null = null
  const chatsWaiting = (): number =>
    new Set(chat.listApprovals().approvals.map((a) => a.conversationId)).size
  const failed =
    (what: string) =>
    (error: unknown): void =>
      logger.warn(`attention: ${what} failed`, { error })

  const show = (): void => {
    if (!desktop) return
    const chats = chatsWaiting()
    try {
      desktop.showWaiting({
        chats,
        title: windowTitle(chats),
        label: chats > 0 ? waitingLabel(chats) : null
      })
    } catch (error) {
      failed('badge')(error)
    }
  }

  const openChat = async (conversationId: string): Promise<void> => {
    links.request({ kind: 'conversation', conversationId })
    await desktop?.showMain()
  }

  const notify = async (approval: PendingApproval): Promise<void> => {
    if (!desktop || desktop.isFocused()) return
    const chatTitle = await chat
      .getConversation({ conversationId: approval.conversationId })
      .then((state) => state.conversation.title || 'New chat')
      .catch(() => 'a chat')
    // Answered while the title was read: nothing to call the user for.
    if (!chat.listApprovals().approvals.some((a) => a.id === approval.id)) return
    const note: AttentionNote = {
      title: NOTE_TITLE,
      body: `In “${chatTitle}”: ${approvalTitle(approval)}`,
      conversationId: approval.conversationId
    }
    desktop.notify(note, () => void openChat(note.conversationId).catch(failed('open chat')))
  }

  const stop = chat.onEvent((event, payload) => {
    if (event === 'chat:approval-pending' || event === 'chat:tool-approval-pending') {
      show()
      void notify(payload as PendingApproval).catch(failed('notification'))
    } else if (event === 'chat:approval-resolved') show()
  })

  return {
    attach(next) {
      desktop = next
      show()
      return () => {
        if (desktop === next) desktop = null
      }
    },
    waitingChats: chatsWaiting,
    dispose() {
      stop()
      desktop = null
    }
  }
}
