import type { Protocol } from 'electron'
import { APP_SCHEME, serveAppRequest } from './app-scheme'

/*
 * The renderer is served from app://cairn/ instead of file://: a standard, secure origin of its
 * own, so the file protocol keeps no extra privileges (the grantFileProtocolExtraPrivileges fuse is
 * off) and every answer carries the CSP header.
 */

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        // Nothing else: no CSP bypass, no service workers, no CORS access for other origins.
        bypassCSP: false,
        allowServiceWorkers: false,
        corsEnabled: false,
        stream: false
      }
    }
  ])
}

/** Serves the built renderer folder (after ready). */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await serveAppRequest(root, { url: request.url, method: request.method })
    return new Response(answer.body ? new Uint8Array(answer.body) : null, {
      status: answer.status,
      headers: answer.headers
    })
  })
}
