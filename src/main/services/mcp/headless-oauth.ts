import {
  auth,
  extractWWWAuthenticateParams,
  UnauthorizedError,
  type OAuthClientProvider
} from '@modelcontextprotocol/sdk/client/auth.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'

/*
 * OAuth 2.1 with PKCE for a remote server, on the SDK's client auth (protected-resource and
 * authorization-server discovery, dynamic or pre-registered clients, the `resource` parameter),
 * with the browser step played headless: the authorize URL is fetched and its redirect read for
 * the code. This serves the conformance suite; the app's own sign-in (oauth/sign-in.ts) opens the
 * system browser on a loopback redirect instead, and keeps what it gets in the keychain.
 */

export interface HeadlessOAuthOptions {
  clientName: string
  redirectUrl: string
  /** A pre-registered client (skips dynamic registration). */
  clientInformation?: OAuthClientInformationMixed
  /** A Client ID Metadata Document URL (used where the server supports it). */
  clientMetadataUrl?: string
}

/** An OAuth client provider holding everything in memory, whose "browser" follows redirects. */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  private info: OAuthClientInformationMixed | undefined
  private saved: OAuthTokens | undefined
  private verifier: string | undefined
  private code: string | undefined

  constructor(private readonly options: HeadlessOAuthOptions) {
    this.info = options.clientInformation
  }

  get redirectUrl(): string {
    return this.options.redirectUrl
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A native app has no secret to keep, unless one was registered for it beforehand.
      token_endpoint_auth_method: this.options.clientInformation?.client_secret
        ? 'client_secret_basic'
        : 'none'
    }
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.info
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.info = info
  }

  tokens(): OAuthTokens | undefined {
    return this.saved
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No PKCE code verifier was saved for this sign-in.')
    return this.verifier
  }

  /** The "browser": asks for the authorize page and reads the code from where it redirects. */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' })
    const location = response.headers.get('location')
    const code = location ? new URL(location, authorizationUrl).searchParams.get('code') : null
    if (!code)
      throw new Error(`The sign-in page did not send back a code (HTTP ${response.status}).`)
    this.code = code
  }

  /** The code the last redirect carried (used once). */
  takeAuthorizationCode(): string | undefined {
    const code = this.code
    this.code = undefined
    return code
  }
}

/**
 * A fetch that signs requests in: adds the bearer token, and on a 401 (or a 403 asking for more
 * scope) runs the SDK's auth flow once, then tries the request again. A second refusal is final,
 * so a server that keeps refusing can never cause a sign-in loop.
 */
export function signInFetch(
  provider: HeadlessOAuthProvider,
  serverUrl: string | URL,
  base: FetchLike = fetch
): FetchLike {
  const send = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers)
    const token = provider.tokens()?.access_token
    if (token) headers.set('authorization', `Bearer ${token}`)
    return base(input, { ...init, headers })
  }
  return async (input, init) => {
    let response = await send(input, init)
    if (response.status !== 401 && response.status !== 403) return response
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response)
    const options = { serverUrl, resourceMetadataUrl, scope, fetchFn: base }
    let result = await auth(provider, options)
    if (result === 'REDIRECT') {
      const authorizationCode = provider.takeAuthorizationCode()
      if (!authorizationCode) throw new UnauthorizedError('The sign-in did not finish.')
      result = await auth(provider, { ...options, authorizationCode })
    }
    if (result !== 'AUTHORIZED') throw new UnauthorizedError('The sign-in did not finish.')
    response = await send(input, init)
    if (response.status === 401 || response.status === 403)
      throw new UnauthorizedError(`The server refused the sign-in (HTTP ${response.status}).`)
    return response
  }
}
