import type { App } from 'electron'
import { APP_LINK_SCHEME } from '@shared/app/app-links'

/** At most this many links are taken from one launch's arguments. */
export const LINKS_PER_LAUNCH = 5

/**
 * The cairn: links among a launch's arguments (Windows and Linux hand a link to the app as an
 * argument; a second launch's arguments arrive through 'second-instance'). Anything that starts
 * with the scheme is passed on, so a malformed one is refused with a message, not dropped unseen.
 */
export function linksInArgv(argv: readonly string[]): string[] {
  const prefix = `${APP_LINK_SCHEME}:`
  return argv
    .filter(
      (arg) => typeof arg === 'string' && arg.slice(0, prefix.length).toLowerCase() === prefix
    )
    .slice(0, LINKS_PER_LAUNCH)
}

/**
 * Makes Cairn the OS handler of cairn:// links. Only a packaged build registers: a development
 * run would point the OS at the bare Electron binary. On macOS and Linux the installers declare
 * the scheme too (electron-builder.yml `protocols`); this call covers Windows and refreshes it.
 */
export function registerLinkScheme(
  app: Pick<App, 'isPackaged' | 'setAsDefaultProtocolClient'>
): boolean {
  if (!app.isPackaged) return false
  return app.setAsDefaultProtocolClient(APP_LINK_SCHEME)
}
