import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js'
import {
  InvalidGrantError,
  InvalidTokenError
} from '@modelcontextprotocol/sdk/server/auth/errors.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import type {
  AuthorizationParams,
  OAuthServerProvider
} from '@modelcontextprotocol/sdk/server/auth/provider.js'
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter
} from '@modelcontextprotocol/sdk/server/auth/router.js'
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type {
  OAuthClientInformationFull,
  OAuthTokens
} from '@modelcontextprotocol/sdk/shared/auth.js'

/*
 * A remote MCP server that wants a signed-in user, built in the test with the SDK's own OAuth
 * pieces: its authorization server router (metadata, dynamic registration, authorize, token with
 * the PKCE check) and its bearer-token middleware in front of a Streamable HTTP MCP endpoint. The
 * "user" at the authorize page agrees at once (or declines, when told to): the page redirects
 * straight back, so a test plays the browser by following that redirect with fetch.
 */

/** Express comes with the SDK (its server auth is built on it); only these parts are used. */
interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void
  use(...handlers: unknown[]): void
  all(path: string, ...handlers: unknown[]): void
}
const express = createRequire(import.meta.url)('express') as () => ExpressApp

interface RedirectResponse {
  redirect(url: string): void
}

/** Clients, codes and tokens in memory; the authorize page answers for the user at once. */
class TestAuthorizationServer implements OAuthServerProvider {
  readonly registered: OAuthClientInformationFull[] = []
  /** The "user" declines at the authorize page. */
  deny = false
  private readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>()
  private readonly access = new Map<string, AuthInfo>()
  private readonly refresh = new Map<string, string>()

  readonly clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (id) => this.registered.find((c) => c.client_id === id),
    registerClient: async (client) => {
      const full = client as OAuthClientInformationFull
      this.registered.push(full)
      return full
    }
  }

  async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: RedirectResponse
  ): Promise<void> {
    const target = new URL(params.redirectUri)
    if (this.deny) target.searchParams.set('error', 'access_denied')
    else {
      const code = randomUUID()
      this.codes.set(code, { clientId: client.client_id, params })
      target.searchParams.set('code', code)
    }
    if (params.state !== undefined) target.searchParams.set('state', params.state)
    res.redirect(target.href)
  }

  async challengeForAuthorizationCode(_client: unknown, code: string): Promise<string> {
    const entry = this.codes.get(code)
    if (!entry) throw new Error('unknown authorization code')
    return entry.params.codeChallenge
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string
  ): Promise<OAuthTokens> {
    const entry = this.codes.get(code)
    if (!entry || entry.clientId !== client.client_id)
      throw new InvalidGrantError('unknown authorization code')
    this.codes.delete(code)
    return this.issue(client.client_id, entry.params.resource)
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string
  ): Promise<OAuthTokens> {
    if (this.refresh.get(refreshToken) !== client.client_id)
      throw new InvalidGrantError('unknown refresh token')
    this.refresh.delete(refreshToken)
    return this.issue(client.client_id)
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const info = this.access.get(token)
    // This error is what makes the bearer middleware answer 401 (any other is a 500).
    if (!info) throw new InvalidTokenError('unknown or expired token')
    return info
  }

  /** Every access token stops working (as when one expires); refresh tokens still do. */
  expireAccessTokens(): void {
    this.access.clear()
  }

  /** Every token stops working, refresh tokens too (revoked): only a new sign-in helps. */
  revokeAll(): void {
    this.access.clear()
    this.refresh.clear()
  }

  private issue(clientId: string, resource?: URL): OAuthTokens {
    const token = `at-${randomUUID()}`
    const refreshToken = `rt-${randomUUID()}`
    this.access.set(token, {
      token,
      clientId,
      scopes: ['mcp:tools'],
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      ...(resource ? { resource } : {})
    })
    this.refresh.set(refreshToken, clientId)
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: refreshToken
    }
  }
}

export interface OAuthTestServer {
  /** The MCP endpoint (`…/mcp`). */
  url: string
  auth: TestAuthorizationServer
  close(): Promise<void>
}

/** Starts the server on 127.0.0.1; its MCP endpoint offers one tool, `whoami`. */
export async function startOAuthServer(): Promise<OAuthTestServer> {
  const http: Server = createServer()
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  const base = new URL(`http://127.0.0.1:${port}`)
  const mcpUrl = new URL('/mcp', base)
  const auth = new TestAuthorizationServer()
  const app = express()
  app.use(
    mcpAuthRouter({
      provider: auth,
      issuerUrl: base,
      resourceServerUrl: mcpUrl,
      scopesSupported: ['mcp:tools'],
      // Tests sign in many times in a row from one address.
      authorizationOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false }
    })
  )
  app.all(
    '/mcp',
    requireBearerAuth({
      verifier: auth,
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl)
    }),
    (req: IncomingMessage, res: ServerResponse) => {
      if (req.method !== 'POST') {
        res.writeHead(405).end()
        return
      }
      const server = new McpServer({ name: 'signed-in', version: '1.0.0' })
      server.registerTool('whoami', { description: 'Says who is signed in' }, async () => ({
        content: [{ type: 'text', text: 'a signed-in user' }]
      }))
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      res.on('close', () => {
        void transport.close()
        void server.close()
      })
      void server.connect(transport).then(() => transport.handleRequest(req, res))
    }
  )
  http.on('request', app)
  return {
    url: mcpUrl.href,
    auth,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      })
  }
}

/**
 * The browser's part: opens the authorize page (which answers for the user at once), follows its
 * redirect to the loopback address, and returns what Cairn's page said there.
 */
export async function playBrowser(
  authorizeUrl: string,
  rewrite: (callback: URL) => URL = (callback) => callback
): Promise<{ status: number; text: string }> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' })
  const location = page.headers.get('location')
  if (!location) throw new Error(`the authorize page did not redirect (HTTP ${page.status})`)
  const back = await fetch(rewrite(new URL(location, authorizeUrl)))
  return { status: back.status, text: await back.text() }
}
