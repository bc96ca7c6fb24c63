import { randomBytes } from 'node:crypto'
import { auth } from '@modelcontextprotocol/sdk/client/auth.js'
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import type { McpSignInView } from '@shared/mcp/channels'
import type { McpServerConfig } from '@shared/mcp/servers'
import { Emitter } from '../../events/emitter'
import type { Logger } from '../../log/logger'
import type { TransportOptions } from '../transports'
import { KeychainOAuthProvider } from './keychain-provider'
import { openLoopbackRedirect, type LoopbackOutcome } from './loopback'
import type { OAuthStore } from './oauth-store'

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

/** A sign-in that ended without tokens, in words for the user. */
class SignInFailure extends Error {}

export function createMcpSignIn(deps: McpSignInDeps) {
  const { store, logger } = deps
  const timeoutMs = deps.timeoutMs ?? SIGN_IN_TIMEOUT_MS
  const requestTimeoutMs = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
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

  /** The whole sign-in; `opened` is told once the browser shows the authorize page. */
  async function run(
    config: McpServerConfig,
    url: string,
    stop: AbortController,
    opened: () => void
  ) {
    const { id, name } = config
    const state = randomBytes(32).toString('base64url')
    const loopback = await openLoopbackRedirect({
      state,
      timeoutMs,
      signal: stop.signal,
      preferredPort: await registeredPort(store, id)
    })
    try {
      const provider = new KeychainOAuthProvider(id, store, {
        redirectUrl: loopback.redirectUrl,
        state,
        openBrowser: async (page) => {
          if (page.protocol !== 'https:' && page.protocol !== 'http:')
            throw new SignInFailure(
              `${name} asked Cairn to open a sign-in page that is not a web address (${page.protocol}), so Cairn did not open it. Check the server's address with whoever runs it.`
            )
          if (!deps.openBrowser) throw new SignInFailure(noBrowser(name))
          await deps.openBrowser(page.href).catch(() => {
            throw new SignInFailure(noBrowser(name))
          })
          opened()
        }
      })
      // Each request of the sign-in ends with it (Cancel) or after a while (a server that hangs).
      const fetchFn = (input: string | URL, init?: RequestInit) =>
        fetch(input, {
          ...init,
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(requestTimeoutMs)])
        })
      if ((await auth(provider, { serverUrl: url, fetchFn })) === 'REDIRECT') {
        const back = await loopback.outcome
        if (!back.ok) throw new SignInFailure(unfinished(name, back, timeoutMs))
        await auth(provider, { serverUrl: url, authorizationCode: back.code, fetchFn })
      }
    } finally {
      stop.abort()
      await store.remove(id, ['verifier']).catch(() => undefined)
    }
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
      const running = run(config, config.transport.url, stop, opened)
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
          problems.set(id, error instanceof SignInFailure ? reason : failed(config.name, reason))
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

/** The loopback port the stored client was registered with, so it can be used again. */
async function registeredPort(store: OAuthStore, server: string): Promise<number | undefined> {
  const client = (await store.read(server, 'client').catch(() => undefined)) as
    { redirect_uris?: unknown } | undefined
  const first = Array.isArray(client?.redirect_uris) ? client.redirect_uris[0] : undefined
  if (typeof first !== 'string' || !URL.canParse(first)) return undefined
  const port = Number(new URL(first).port)
  return port > 0 ? port : undefined
}

function unfinished(
  name: string,
  back: Exclude<LoopbackOutcome, { ok: true }>,
  timeoutMs: number
): string {
  switch (back.reason) {
    case 'timeout':
      return `Cairn waited ${duration(timeoutMs)} for the sign-in to ${name} to finish in your browser. If you closed the tab, click Sign in to try again.`
    case 'denied':
      return `You did not give Cairn access to ${name} (the sign-in page says it was declined). Click Sign in to try again.`
    case 'wrong-state':
      return `The browser came back with a sign-in to ${name} that Cairn did not start (its state did not match), so Cairn refused it. Click Sign in to start again.`
    case 'no-code':
      return `${name}'s sign-in page came back without a code. Click Sign in to try again.`
    case 'refused':
      return `${name}'s sign-in page answered with an error (${back.error}${
        back.description ? `: ${back.description}` : ''
      }). Click Sign in to try again; if it happens again, check with whoever runs the server.`
    case 'cancelled':
      return `The sign-in to ${name} was stopped.`
  }
}

function failed(name: string, reason: string): string {
  return `Cairn could not sign in to ${name}: ${reason.replace(/\.$/, '')}. Check the server's address (or, if it takes an API key instead of a sign-in, add the key to its headers), then click Sign in to try again.`
}

/** What went wrong, even when the SDK's error carries no message (an error answer without text). */
function reasonOf(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).trim()
  if (message) return message
  if (error instanceof OAuthError)
    return `its sign-in service answered "${error.errorCode}" without saying why`
  return 'its sign-in service gave no reason'
}

function noBrowser(name: string): string {
  return `Cairn could not open your browser to sign in to ${name}. Check that a default browser is set, then click Sign in again.`
}

function duration(ms: number): string {
  const [count, unit] =
    ms < 60_000 ? [Math.round(ms / 1000), 'second'] : [Math.round(ms / 60_000), 'minute']
  const n = Math.max(1, count)
  return n === 1 ? `1 ${unit}` : `${n} ${unit}s`
}
