import { parseAppLink, type AppLink } from '@shared/app/app-links'
import type { IncomingLink } from '@shared/app/app-requests'
import { Emitter } from '../events/emitter'

/** At most this many links wait for the page; a flood of launches cannot grow memory. */
export const LINK_INBOX_MAX = 10

/*
 * Links (cairn:// from the OS) and the app's own requests (the tray's "New chat") wait here until
 * the page takes them: a link can arrive before the window has loaded, so main never pushes the
 * link itself, only "there is something waiting", and the page pulls it with app:take-links.
 */
export interface LinkInbox {
  /** Parses a cairn:// link from outside (never trusted) and queues what it asks for. */
  receive(raw: string): AppLink
  /** Queues a request made by the app itself (the tray): no confirmation needed in the page. */
  request(link: AppLink): void
  /** Everything waiting, oldest first; the inbox is empty afterwards. */
  take(): IncomingLink[]
  onWaiting(listener: (waiting: { count: number }) => void): () => void
}

export function createLinkInbox(): LinkInbox {
  let waiting: IncomingLink[] = []
  const counts = new Emitter<{ count: number }>()
  const push = (entry: IncomingLink): void => {
    waiting = [...waiting, entry].slice(-LINK_INBOX_MAX)
    counts.emit({ count: waiting.length })
  }
  return {
    receive(raw) {
      const link = parseAppLink(raw)
      push({ origin: 'link', link })
      return link
    },
    request(link) {
      push({ origin: 'app', link })
    },
    take() {
      const taken = waiting
      waiting = []
      return taken
    },
    onWaiting(listener) {
      return counts.on(listener)
    }
  }
}
