import { randomBytes } from 'node:crypto'
import { auth } from '@modelcontextprotocol/sdk/client/auth.js'
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import type { McpServerConfig } from '@shared/mcp/servers'
import { KeychainOAuthProvider } from './keychain-provider'
import { openLoopbackRedirect, type LoopbackOutcome } from './loopback'
import type { OAuthStore } from './oauth-store'

/*
 * One sign-in from start to end: a loopback redirect to come back to, the authorize page in the
 * browser, the code exchanged for tokens the keychain keeps. What went wrong is said in words for
 * the user with the next step (sign-in.ts keeps it on the server's row).
 */

export interface SignInFlowDeps {
  store: OAuthStore
  /** The system browser; absent, the sign-in says none could open. */
  openBrowser?: ((url: string) => Promise<void>) | undefined
  /** How long the sign-in waits for the browser to come back. */
  timeoutMs: number
  /** How long one request of the sign-in (discovery, registration, the code's exchange) may take. */
  requestTimeoutMs: number
}

/** A sign-in that ended without tokens, in words for the user. */
class SignInFailure extends Error {}

/** The whole sign-in; `opened` is told once the browser shows the authorize page. */
export async function runSignIn(
  deps: SignInFlowDeps,
  config: McpServerConfig,
  url: string,
  stop: AbortController,
  opened: () => void
): Promise<void> {
  const { store, timeoutMs } = deps
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
        await showPage(deps.openBrowser, name, page)
        opened()
      }
    })
    // Each request of the sign-in ends with it (Cancel) or after a while (a server that hangs).
    const fetchFn = (input: string | URL, init?: RequestInit) =>
      fetch(input, {
        ...init,
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(deps.requestTimeoutMs)])
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

/** Opens the server's authorize page, only a web address, in the system browser. */
async function showPage(
  openBrowser: SignInFlowDeps['openBrowser'],
  name: string,
  page: URL
): Promise<void> {
  if (page.protocol !== 'https:' && page.protocol !== 'http:')
    throw new SignInFailure(
      `${name} asked Cairn to open a sign-in page that is not a web address (${page.protocol}), so Cairn did not open it. Check the server's address with whoever runs it.`
    )
  if (!openBrowser) throw new SignInFailure(noBrowser(name))
  await openBrowser(page.href).catch(() => {
    throw new SignInFailure(noBrowser(name))
  })
}

/** What the server's row says of a sign-in that ended with `error` (`reason`: its words). */
export function problemOf(name: string, error: unknown, reason: string): string {
  return error instanceof SignInFailure ? reason : failed(name, reason)
}

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
export function reasonOf(error: unknown): string {
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
