import { linksInArgv, registerLinkScheme } from '../../platform/link-launch'
import type { LinkInbox } from '../../services/app/link-inbox'
import type { ElectronApi, HostProcess } from '../electron-api'

/** Links that arrive before the services exist wait here; a flood is cut. */
const EARLY_LINKS_MAX = 10

export interface LinkRouter {
  /** A second launch's arguments (its links, if any, go to the inbox). */
  fromArgv(argv: readonly string[]): void
  /** From now on links go to the inbox (those that came early first); `focus` shows the window. */
  connect(inbox: Pick<LinkInbox, 'receive'>, focus: () => void): void
}

/**
 * cairn:// links: registers the scheme, takes the first launch's links from its arguments, and
 * listens for macOS's open-url, which can fire before the app is ready, so call this before
 * whenReady. Links are only parsed and queued here; the page asks the user before acting.
 */
export function setupLinks(electron: Pick<ElectronApi, 'app'>, host: HostProcess): LinkRouter {
  const { app } = electron
  const early: string[] = [...linksInArgv(host.argv)]
  let deliver: ((raw: string) => void) | null = null
  let focusWindow: () => void = () => undefined
  const route = (raw: string): void => {
    if (deliver) deliver(raw)
    else if (early.length < EARLY_LINKS_MAX) early.push(raw)
  }
  registerLinkScheme(app)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    route(url)
    if (deliver) focusWindow()
  })
  return {
    fromArgv: (argv) => linksInArgv(argv).forEach(route),
    connect(inbox, focus) {
      deliver = (raw) => void inbox.receive(raw)
      focusWindow = focus
      early.splice(0).forEach(deliver)
    }
  }
}
