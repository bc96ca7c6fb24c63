import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useTempDir } from '../../__tests__/helpers'
import type { McpHub } from '../hub'
import { startSseOnlyServer, startStreamableServer, type TestHttpServer } from './http-servers'
import { httpConfig, makeHub, waitForStatus } from './mcp-test-kit'

const tempDir = useTempDir('cairn-mcp-http-')
let hub: McpHub | undefined
let server: TestHttpServer | undefined
afterEach(async () => {
  await hub?.dispose()
  await server?.close()
  hub = undefined
  server = undefined
})
const signal = (): AbortSignal => new AbortController().signal

describe('MCP hub over HTTP', () => {
  it('connects over Streamable HTTP and calls a tool', async () => {
    server = await startStreamableServer()
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([httpConfig('remote', server.url)])
    const status = await waitForStatus(hub, 'remote', (s) => s.state === 'connected')
    expect(status).toMatchObject({ tools: 1, logFile: null, stderrTail: [] })
    const result = await hub.callTool('remote', 'whoami', {}, { signal: signal() })
    expect(result.content).toEqual([{ type: 'text', text: 'streamable-http' }])
  })

  it('falls back to the old SSE transport for a server that only speaks it', async () => {
    server = await startSseOnlyServer()
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([httpConfig('old', server.url)])
    await waitForStatus(hub, 'old', (s) => s.state === 'connected')
    const result = await hub.callTool('old', 'whoami', {}, { signal: signal() })
    expect(result.content).toEqual([{ type: 'text', text: 'sse' }])
  })

  it('sends the configured headers, and reads a 401 as "needs sign-in"', async () => {
    server = await startStreamableServer(['x-api-key', 'open-sesame'])
    hub = makeHub(join(tempDir(), 'logs'))
    const withKey = httpConfig('keyed', server.url)
    const withoutKey = httpConfig('bare', server.url)
    if (withKey.transport.type === 'http')
      withKey.transport.headers = { 'x-api-key': 'open-sesame' }
    hub.configure([withKey, withoutKey])
    await waitForStatus(hub, 'keyed', (s) => s.state === 'connected')
    const bare = await waitForStatus(hub, 'bare', (s) => s.state === 'needs-sign-in')
    expect(bare.error).toBe(
      'Server bare needs you to sign in before Cairn can use it: click Sign in (or, if it takes an API key, add the key to its headers).'
    )
  })

  it('says in plain words when nothing answers at the address', async () => {
    server = await startStreamableServer()
    const url = server.url
    await server.close()
    server = undefined
    hub = makeHub(join(tempDir(), 'logs'))
    hub.configure([httpConfig('gone', url)])
    const failed = await waitForStatus(hub, 'gone', (s) => s.state === 'failed')
    expect(failed.error).toBe(
      `Cairn could not reach Server gone at ${url}. Check the address and that the server is running, then restart it.`
    )
  })
})
