import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { McpServerView } from '@shared/mcp/channels'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import type { Keychain } from '../../secrets/keychain'
import { createOsKeychain } from '../../secrets/os-keychain'
import {
  announceProbe,
  keychainRequired,
  NO_KEYCHAIN_IN_CI,
  probeOsKeychain
} from '../../secrets/__tests__/keychain-probe'
import { memoryKeychain } from '../../secrets/__tests__/memory-keychain'
import { createMcpService, type McpService } from '../mcp-service'
import { createOAuthStore } from '../oauth/oauth-store'
import { createMcpSignIn } from '../oauth/sign-in'
import { httpConfig, makeHub } from './mcp-test-kit'
import { startStreamableServer } from './http-servers'
import { playBrowser, startOAuthServer } from './oauth-server'

/*
 * Signing in to a remote MCP server end to end: the server (built with the SDK's OAuth pieces)
 * answers 401, the row says "needs sign-in", Sign in opens its authorize page (the "browser" here
 * is fetch following the redirect), the tokens land in the keychain, the tools are listed, and
 * Sign out removes them again. Then each way a sign-in can end without tokens.
 */

const probe = await probeOsKeychain()
announceProbe(probe, 'the MCP sign-in keychain test')
const tempDir = useTempDir('cairn-mcp-sign-in-')
const ID = 'remote'
const account = (part: string) => `mcp-server/${ID}/oauth:${part}`

let server: { url: string; close(): Promise<void> } | undefined
let mcp: McpService | undefined
afterEach(async () => {
  await mcp?.dispose()
  await server?.close()
  mcp = undefined
  server = undefined
})

async function setUp(options: {
  keychain: Keychain
  keychainService: string
  timeoutMs?: number
  requestTimeoutMs?: number
  openBrowser?: (url: string) => Promise<void>
  /** A server other than the OAuth one (it is closed after the test). */
  start?: () => Promise<{ url: string; close(): Promise<void> }>
}) {
  const oauth = options.start ? null : await startOAuthServer()
  const started = oauth ?? (await options.start!())
  server = started
  const opened: string[] = []
  const store = createOAuthStore(options)
  const signIn = createMcpSignIn({
    store,
    openBrowser: options.openBrowser ?? (async (url) => void opened.push(url)),
    logger: captureLogger().logger,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {})
  })
  const hub = makeHub(join(tempDir(), 'logs'), { transportOptions: signIn.transportOptions })
  const config = httpConfig(ID, started.url)
  mcp = createMcpService({
    hub,
    file: {
      load: async () => ({ servers: [config], toolApproval: {} }),
      save: async () => undefined
    },
    claudeDesktopConfig: null,
    signIn,
    logger: captureLogger().logger
  })
  await mcp.start()
  const service = mcp
  /** The row of the server, once `test` accepts it (checked now and on every change). */
  const row = (test: (row: McpServerView) => boolean) =>
    new Promise<McpServerView>((resolve) => {
      const check = (): void => {
        const found = service.overview().servers[0]
        if (!found || !test(found)) return
        off()
        resolve(found)
      }
      const off = service.onChange(check)
      check()
    })
  /** The authorization server's side (absent with a server of the test's own). */
  const auth = () => {
    if (!oauth) throw new Error('this test runs no authorization server')
    return oauth.auth
  }
  return { mcp: service, opened, row, auth }
}

/** A server that takes requests and never answers them. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const silent = createServer(() => undefined)
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { port } = silent.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        silent.closeAllConnections()
        silent.close(() => resolve())
      })
  }
}

// Skipped only where no OS keychain answers (the probe says why); CI requires one.
describe.skipIf(!probe.ok && !keychainRequired)('signing in, tokens in the real keychain', () => {
  const keychain = createOsKeychain()
  let service = ''
  afterEach(async () => {
    for (const part of ['tokens', 'client', 'verifier'])
      await keychain.deletePassword(service, account(part)).catch(() => undefined)
  })

  test('401 → needs sign-in → Sign in → tools listed, tokens in the keychain → Sign out removes them', async () => {
    if (!probe.ok) throw new Error(`${NO_KEYCHAIN_IN_CI} (${probe.reason})`)
    service = `Cairn-test-${randomUUID()}`
    const { mcp, opened, row, auth } = await setUp({ keychain, keychainService: service })

    const needs = await row((r) => r.status.state === 'needs-sign-in')
    expect(needs.status.error).toBe(
      'Server remote needs you to sign in before Cairn can use it: click Sign in (or, if it takes an API key, add the key to its headers).'
    )
    expect(needs.signIn).toEqual({ state: 'signed-out', problem: null })

    const waiting = await mcp.signIn(ID)
    expect(waiting.servers[0]?.signIn).toEqual({ state: 'waiting', problem: null })
    expect(opened).toHaveLength(1)
    const authorize = new URL(opened[0]!)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('resource')).toBe(server!.url)
    expect(authorize.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/
    )

    const page = await playBrowser(opened[0]!)
    expect(page).toMatchObject({ status: 200 })
    expect(page.text).toContain('You can close this tab')

    const connected = await row((r) => r.status.state === 'connected')
    expect(connected.tools.map((t) => t.name)).toEqual(['whoami'])
    expect(connected.signIn).toEqual({ state: 'signed-in', problem: null })
    const result = await mcp.callTool(ID, 'whoami', {}, { signal: new AbortController().signal })
    expect(result.content).toEqual([{ type: 'text', text: 'a signed-in user' }])

    // Dynamic registration happened once, as a native app (no secret) on the loopback redirect.
    expect(auth().registered).toHaveLength(1)
    expect(auth().registered[0]).toMatchObject({ token_endpoint_auth_method: 'none' })
    const tokens = JSON.parse((await keychain.getPassword(service, account('tokens')))!)
    expect(tokens.access_token).toMatch(/^at-/)
    expect(tokens.refresh_token).toMatch(/^rt-/)
    const client = JSON.parse((await keychain.getPassword(service, account('client')))!)
    expect(client.client_id).toBe(auth().registered[0]!.client_id)
    // The PKCE verifier served its one exchange.
    expect(await keychain.getPassword(service, account('verifier'))).toBeNull()

    // An expired access token is refreshed by the SDK on the 401, without a new sign-in.
    auth().expireAccessTokens()
    await mcp.restart(ID)
    await row((r) => r.status.state === 'connected')
    const refreshed = JSON.parse((await keychain.getPassword(service, account('tokens')))!)
    expect(refreshed.access_token).not.toBe(tokens.access_token)
    expect(auth().registered).toHaveLength(1)

    const signedOut = await mcp.signOut(ID)
    expect(signedOut.servers[0]?.signIn).toEqual({ state: 'signed-out', problem: null })
    for (const part of ['tokens', 'client', 'verifier'])
      expect(await keychain.getPassword(service, account(part))).toBeNull()
    await row((r) => r.status.state === 'needs-sign-in')
  })
})

describe('a sign-in that does not finish says why and what to do', () => {
  const keychainService = 'cairn-sign-in-test'

  test('a callback with the wrong state is refused: no tokens, the row says so', async () => {
    const memory = memoryKeychain()
    const { mcp, opened, row } = await setUp({ keychain: memory.keychain, keychainService })
    await row((r) => r.status.state === 'needs-sign-in')
    await mcp.signIn(ID)
    const page = await playBrowser(opened[0]!, (callback) => {
      callback.searchParams.set('state', 'forged')
      return callback
    })
    expect(page.status).toBe(400)
    expect(page.text).toContain('Sign-in not finished')
    const refused = await row((r) => r.signIn?.state === 'signed-out')
    expect(refused.signIn?.problem).toBe(
      'The browser came back with a sign-in to Server remote that Cairn did not start (its state did not match), so Cairn refused it. Click Sign in to start again.'
    )
    expect(memory.read(keychainService, account('tokens'))).toBeNull()
    expect(memory.read(keychainService, account('verifier'))).toBeNull()
    expect(refused.status.state).toBe('needs-sign-in')
  })

  test('the user declines at the sign-in page', async () => {
    const memory = memoryKeychain()
    const { mcp, opened, row, auth } = await setUp({ keychain: memory.keychain, keychainService })
    await row((r) => r.status.state === 'needs-sign-in')
    auth().deny = true
    await mcp.signIn(ID)
    await playBrowser(opened[0]!)
    const declined = await row((r) => r.signIn?.problem != null)
    expect(declined.signIn?.problem).toBe(
      'You did not give Cairn access to Server remote (the sign-in page says it was declined). Click Sign in to try again.'
    )
  })

  test('the browser never comes back: the wait ends with a clear message and the listener closes', async () => {
    const memory = memoryKeychain()
    const { mcp, opened, row } = await setUp({
      keychain: memory.keychain,
      keychainService,
      timeoutMs: 50
    })
    await row((r) => r.status.state === 'needs-sign-in')
    await mcp.signIn(ID)
    const timedOut = await row((r) => r.signIn?.problem != null)
    expect(timedOut.signIn?.problem).toBe(
      'Cairn waited 1 second for the sign-in to Server remote to finish in your browser. If you closed the tab, click Sign in to try again.'
    )
    const callback = new URL(opened[0]!).searchParams.get('redirect_uri')!
    await expect(fetch(callback)).rejects.toThrow()
  })

  test('Cancel ends the wait quietly; a second Sign in starts afresh', async () => {
    const memory = memoryKeychain()
    const { mcp, opened, row } = await setUp({ keychain: memory.keychain, keychainService })
    await row((r) => r.status.state === 'needs-sign-in')
    await mcp.signIn(ID)
    const cancelled = mcp.cancelSignIn(ID)
    expect(cancelled.servers[0]?.signIn).toEqual({ state: 'signed-out', problem: null })
    await mcp.signIn(ID)
    expect(opened).toHaveLength(2)
    await playBrowser(opened[1]!)
    await row((r) => r.status.state === 'connected')
  })

  test('tokens that can no longer be refreshed: the failed call turns the row back to needs sign-in', async () => {
    const memory = memoryKeychain()
    const { mcp, opened, row, auth } = await setUp({ keychain: memory.keychain, keychainService })
    await row((r) => r.status.state === 'needs-sign-in')
    await mcp.signIn(ID)
    await playBrowser(opened[0]!)
    await row((r) => r.status.state === 'connected')
    auth().revokeAll()
    await expect(
      mcp.callTool(ID, 'whoami', {}, { signal: new AbortController().signal })
    ).rejects.toThrow(
      'Server remote needs you to sign in again: click Sign in beside it in Settings → Tools.'
    )
    const again = await row((r) => r.status.state === 'needs-sign-in')
    expect(again.signIn).toEqual({ state: 'signed-out', problem: null })
    expect(memory.read(keychainService, account('tokens'))).toBeNull()
  })

  test('a server with no sign-in of its own (it wants an API key): the row says what went wrong and both ways on', async () => {
    const memory = memoryKeychain()
    const { mcp, opened, row } = await setUp({
      keychain: memory.keychain,
      keychainService,
      start: () => startStreamableServer(['x-api-key', 'open-sesame'])
    })
    await row((r) => r.status.state === 'needs-sign-in')
    const answer = await mcp.signIn(ID)
    expect(opened).toEqual([])
    expect(answer.servers[0]?.signIn?.state).toBe('signed-out')
    // Its registration endpoint answers 401 with no OAuth error text: the step still gets words.
    expect(answer.servers[0]?.signIn?.problem).toBe(
      `Cairn could not sign in to Server remote: its sign-in service answered "server_error" without saying why. Check the server's address (or, if it takes an API key instead of a sign-in, add the key to its headers), then click Sign in to try again.`
    )
    expect(memory.size()).toBe(0)
  })

  test('a server that never answers: Cancel ends the sign-in at once, and on its own it gives up', async () => {
    const memory = memoryKeychain()
    const { mcp, row } = await setUp({
      keychain: memory.keychain,
      keychainService,
      start: startSilentServer
    })
    const answer = mcp.signIn(ID)
    await row((r) => r.signIn?.state === 'waiting')
    mcp.cancelSignIn(ID)
    expect((await answer).servers[0]?.signIn).toEqual({ state: 'signed-out', problem: null })

    await mcp.dispose()
    await server?.close()
    const again = await setUp({
      keychain: memory.keychain,
      keychainService,
      start: startSilentServer,
      requestTimeoutMs: 50
    })
    const gaveUp = await again.mcp.signIn(ID)
    expect(gaveUp.servers[0]?.signIn?.problem).toMatch(
      /^Cairn could not sign in to Server remote: /
    )
  })

  test('a browser that cannot be opened says so', async () => {
    const memory = memoryKeychain()
    const { mcp, row } = await setUp({
      keychain: memory.keychain,
      keychainService,
      openBrowser: async () => {
        throw new Error('no browser')
      }
    })
    await row((r) => r.status.state === 'needs-sign-in')
    const answer = await mcp.signIn(ID)
    expect(answer.servers[0]?.signIn).toEqual({
      state: 'signed-out',
      problem:
        'Cairn could not open your browser to sign in to Server remote. Check that a default browser is set, then click Sign in again.'
    })
  })
})
