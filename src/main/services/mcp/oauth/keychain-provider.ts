import {
  UnauthorizedError,
  type OAuthClientProvider,
  type OAuthDiscoveryState
} from '@modelcontextprotocol/sdk/client/auth.js'
import {
  OAuthClientInformationFullSchema,
  OAuthClientInformationSchema,
  OAuthTokensSchema,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthTokens
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { OAuthStore } from './oauth-store'

/*
 * The SDK's OAuth client provider for one remote server, on the keychain (oauth-store). It works
 * in one of two ways:
 *  - for a sign-in the user asked for: it registers Cairn as a native app where needed (dynamic
 *    registration, the loopback redirect), sends the browser to the authorize page, and stores
 *    what comes back. A sign-in always starts afresh: old tokens are not offered.
 *  - for a server's connection in the background: it hands the stored tokens to the transport and
 *    lets the SDK refresh them on a 401. It never registers and never opens a browser; when only
 *    a new sign-in would do, the start fails as "needs sign-in" and the user decides.
 */

export const CAIRN_CLIENT_NAME = 'Cairn'

export interface SignInHooks {
  /** `http://127.0.0.1:<port>/callback`, where the loopback listener waits. */
  redirectUrl: string
  /** The `state` the callback must carry back. */
  state: string
  /** Opens the authorize page in the user's browser. */
  openBrowser(url: URL): Promise<void>
}

/** Where a background connection says it would redirect (never used: it cannot sign in). */
const NO_REDIRECT = 'http://127.0.0.1/callback'

export class KeychainOAuthProvider implements OAuthClientProvider {
  private discovery: OAuthDiscoveryState | undefined

  constructor(
    private readonly server: string,
    private readonly store: OAuthStore,
    /** null: a background connection. */
    private readonly signIn: SignInHooks | null
  ) {}

  get redirectUrl(): string {
    return this.signIn?.redirectUrl ?? NO_REDIRECT
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: CAIRN_CLIENT_NAME,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A native app keeps no secret (RFC 8252): PKCE protects the code instead.
      token_endpoint_auth_method: 'none'
    }
  }

  state(): string {
    if (!this.signIn) throw needsSignIn()
    return this.signIn.state
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const raw = await this.store.read(this.server, 'client')
    const full = OAuthClientInformationFullSchema.safeParse(raw)
    if (full.success) {
      // Registered for another loopback port: register again rather than be refused at the
      // authorize page by a server that checks the port.
      if (this.signIn && !full.data.redirect_uris.includes(this.signIn.redirectUrl))
        return undefined
      return full.data
    }
    const bare = OAuthClientInformationSchema.safeParse(raw)
    if (bare.success) return bare.data
    // The background never registers: with no client, only a sign-in can help.
    if (!this.signIn) throw needsSignIn()
    return undefined
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    if (!this.signIn) throw needsSignIn()
    await this.store.write(this.server, 'client', info)
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    if (this.signIn) return undefined
    const parsed = OAuthTokensSchema.safeParse(await this.store.read(this.server, 'tokens'))
    return parsed.success ? parsed.data : undefined
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.store.write(this.server, 'tokens', tokens)
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.signIn) throw needsSignIn()
    await this.signIn.openBrowser(authorizationUrl)
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    // The background reaches here only on its way to "needs sign-in": nothing to keep.
    if (this.signIn) await this.store.write(this.server, 'verifier', verifier)
  }

  async codeVerifier(): Promise<string> {
    const verifier = await this.store.read(this.server, 'verifier')
    if (typeof verifier !== 'string') throw new Error('the sign-in lost its PKCE verifier')
    return verifier
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined
    if (scope === 'all') await this.store.remove(this.server)
    else if (scope !== 'discovery') await this.store.remove(this.server, [scope])
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery
  }
}

function needsSignIn(): UnauthorizedError {
  return new UnauthorizedError('The server wants a new sign-in.')
}
