import type { PendingApproval } from '@shared/chat/approval'
import type { PendingElicitation } from '@shared/mcp/elicitation'
import { approvalTitle, waitingLabel } from '@shared/chat/approval-words'
import type { LinkInbox } from '../app/link-inbox'
import type { ChatService } from '../chat/calls/api'
import type { Logger } from '../log/logger'
import type { ElicitationDesk } from '../mcp/elicitations'

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
  /** The chat its click opens (null: the window only). */
  conversationId: string | null
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
export const QUESTION_TITLE = 'A tool is waiting for your answer'
/** The most of a server's message a notification shows. */
const QUESTION_SHOWN = 120

/** The window's title: "Cairn", or "Cairn — 1 chat waiting for your approval". */
export function windowTitle(chats: number): string {
  return chats > 0 ? `${APP_TITLE} — ${waitingLabel(chats)}` : APP_TITLE
}

export function createAttentionService({
  chat,
  elicitations,
  links,
  logger
}: {
  chat: Pick<ChatService, 'onEvent' | 'listApprovals' | 'getConversation'>
  /** MCP servers' questions (elicitation): a notification too, while the window is behind. */
  elicitations?: Pick<ElicitationDesk, 'onEvent' | 'list'>
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

  const openChat = async (conversationId: string | null): Promise<void> => {
    if (conversationId) links.request({ kind: 'conversation', conversationId })
    await desktop?.showMain()
  }
  const titleOf = (conversationId: string): Promise<string> =>
    chat
      .getConversation({ conversationId })
      .then((state) => state.conversation.title || 'New chat')
      .catch(() => 'a chat')

  const notify = async (approval: PendingApproval): Promise<void> => {
    if (!desktop || desktop.isFocused()) return
    const chatTitle = await titleOf(approval.conversationId)
    // Answered while the title was read: nothing to call the user for.
    if (!chat.listApprovals().approvals.some((a) => a.id === approval.id)) return
    const note: AttentionNote = {
      title: NOTE_TITLE,
      body: `In “${chatTitle}”: ${approvalTitle(approval)}`,
      conversationId: approval.conversationId
    }
    desktop.notify(note, () => void openChat(note.conversationId).catch(failed('open chat')))
  }

  /** A server's question, named as the form names it ("Everything asks: …"). */
  const notifyQuestion = async (question: PendingElicitation): Promise<void> => {
    if (!desktop || desktop.isFocused()) return
    const where = question.conversationId ? `In “${await titleOf(question.conversationId)}”: ` : ''
    if (!elicitations?.list().some((q) => q.id === question.id)) return
    const message = question.message.replace(/\s+/g, ' ').trim()
    const shown = message.length > QUESTION_SHOWN ? `${message.slice(0, QUESTION_SHOWN)}…` : message
    const note: AttentionNote = {
      title: QUESTION_TITLE,
      body: `${where}${question.serverName} asks: ${shown}`,
      conversationId: question.conversationId
    }
    desktop.notify(note, () => void openChat(note.conversationId).catch(failed('open chat')))
  }
  const stopQuestions = elicitations?.onEvent(({ event, payload }) => {
    if (event === 'mcp:elicitation-pending')
      void notifyQuestion(payload).catch(failed('notification'))
  })

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
      stopQuestions?.()
      desktop = null
    }
  }
}
