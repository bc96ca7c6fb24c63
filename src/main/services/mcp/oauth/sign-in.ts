import type { McpSignInView } from '@shared/mcp/channels'
import type { McpServerConfig } from '@shared/mcp/servers'
import { Emitter } from '../../events/emitter'
import type { Logger } from '../../log/logger'
import type { TransportOptions } from '../transports'
import { KeychainOAuthProvider } from './keychain-provider'
import type { OAuthStore } from './oauth-store'
import { problemOf, reasonOf, runSignIn, type SignInFlowDeps } from './sign-in-flow'

/*
 * Signing in to remote MCP servers (OAuth 2.1 with PKCE, on the SDK's client auth): the user
 * clicks Sign in, Cairn opens the server's authorize page in the system browser, waits on a
 * loopback redirect, exchanges the code and keeps the tokens in the keychain; the server is then
 * started again with them. Refreshing them later is the SDK's work (on a 401). Each sign-in that
 * does not finish leaves a plain reason with the next step on the server's row.
 */

/** How long a sign-in waits for the browser to come back. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000
const REQUEST_TIMEOUT_MS = 30_000

export interface McpSignInDeps {
  store: OAuthStore
  /** The system browser (main's shell.openExternal); absent, a sign-in says none could open. */
  openBrowser?: ((url: string) => Promise<void>) | undefined
  logger: Logger
  timeoutMs?: number
  /** How long one request of the sign-in (discovery, registration, the code's exchange) may take. */
  requestTimeoutMs?: number
}

export function createMcpSignIn(deps: McpSignInDeps) {
  const { store, logger } = deps
  const flow: SignInFlowDeps = {
    store,
    openBrowser: deps.openBrowser,
    timeoutMs: deps.timeoutMs ?? SIGN_IN_TIMEOUT_MS,
    requestTimeoutMs: deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  }
  const waiting = new Map<string, AbortController>()
  /** Each server's last sign-in until it has cleaned up (its listener, its verifier). */
  const runs = new Map<string, Promise<unknown>>()
  const problems = new Map<string, string>()
  const changes = new Emitter<void>((error) =>
    logger.error('an MCP sign-in listener failed', { error: String(error) })
  )
  const tell = () => changes.emit()

  function cancel(server: string): void {
    waiting.get(server)?.abort()
    waiting.delete(server)
  }

  return {
    /** What a remote server's row says of its sign-in (none for a local server). */
    view(config: McpServerConfig): McpSignInView | undefined {
      if (config.transport.type !== 'http') return undefined
      const state = waiting.has(config.id)
        ? 'waiting'
        : store.isSignedIn(config.id)
          ? 'signed-in'
          : 'signed-out'
      return { state, problem: problems.get(config.id) ?? null }
    },

    /** A signed-in server connects with its tokens (refreshed by the SDK); others connect bare. */
    transportOptions(config: McpServerConfig): TransportOptions {
      if (config.transport.type !== 'http' || !store.isSignedIn(config.id)) return {}
      return { authProvider: new KeychainOAuthProvider(config.id, store, null) }
    },

    /**
     * Starts a sign-in (a running one for this server is replaced): resolves once the browser
     * shows the authorize page, or the sign-in failed (its row says why). `signedIn` runs once
     * the tokens are stored.
     */
    async signIn(config: McpServerConfig, signedIn: () => Promise<void>): Promise<void> {
      if (config.transport.type !== 'http') return
      const { id } = config
      cancel(id)
      // The one it replaces removes its verifier as it ends: that must not be this one's.
      await runs.get(id)
      const stop = new AbortController()
      waiting.set(id, stop)
      problems.delete(id)
      tell()
      let opened: () => void = () => undefined
      const browserOpened = new Promise<void>((resolve) => (opened = resolve))
      const running = runSignIn(flow, config, config.transport.url, stop, opened)
      const settled = running.catch(() => undefined)
      runs.set(id, settled)
      void settled.then(() => runs.get(id) === settled && runs.delete(id))
      const finished = running.then(
        async () => {
          if (waiting.get(id) !== stop) return
          waiting.delete(id)
          logger.info('mcp sign-in finished', { server: id })
          tell()
          await signedIn().catch((error: unknown) =>
            logger.error('mcp server not restarted after its sign-in', { server: id, error })
          )
        },
        (error: unknown) => {
          // Cancelled, replaced by a new sign-in, or the server removed: nothing to say.
          if (waiting.get(id) !== stop) return
          waiting.delete(id)
          const reason = reasonOf(error)
          logger.warn('mcp sign-in did not finish', { server: id, reason })
          problems.set(id, problemOf(config.name, error, reason))
          tell()
        }
      )
      await Promise.race([browserOpened, finished])
    },

    cancel(server: string): void {
      if (!waiting.has(server)) return
      cancel(server)
      tell()
    },

    /** Forgets the server's tokens and registration (Sign out, or the server removed). */
    async signOut(server: string): Promise<void> {
      cancel(server)
      problems.delete(server)
      await store.remove(server)
      tell()
    },

    load: (servers: McpServerConfig[]) =>
      store.load(servers.filter((s) => s.transport.type === 'http').map((s) => s.id)),
    onChange: (listener: () => void) => changes.on(listener),
    dispose(): void {
      for (const server of [...waiting.keys()]) cancel(server)
      changes.clear()
    }
  }
}

export type McpSignIn = ReturnType<typeof createMcpSignIn>
