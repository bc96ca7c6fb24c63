import { trustedUrlCheck, type RendererLocation } from '../ipc/trusted-url'
import { handleAppProtocol } from '../platform/app-protocol'
import { hardenContents, hardenSession } from '../window'
import type { ElectronApi } from './electron-api'

/**
 * Serves the built page over app://cairn, refuses every permission, and hardens every web contents
 * (navigation, new windows, webviews). Returns the check for "is this our own page?".
 */
export function setupSecurity(
  electron: Pick<ElectronApi, 'app' | 'protocol' | 'session'>,
  renderer: RendererLocation
): (url: string) => boolean {
  const { app, protocol, session } = electron
  if (renderer.kind === 'app') handleAppProtocol(protocol, renderer.root)
  const isOwnPage = trustedUrlCheck(renderer)
  hardenSession(session.defaultSession)
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, isOwnPage))
  return isOwnPage
}
