/*
 * Cairn's MCP connection code as a client for the official conformance suite
 * (@modelcontextprotocol/conformance, client mode). The suite starts a test server per scenario,
 * runs this with the server's URL as the last argument and the scenario in
 * MCP_CONFORMANCE_SCENARIO (and, for some, data in MCP_CONFORMANCE_CONTEXT). It connects through
 * the same hub the app uses, lists the tools, calls the scenario's tool, and exits 0 on success.
 * Usage: npm run -s mcp:conformance-client -- <server-url>
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../src/main/services/log/logger'
import { HeadlessOAuthProvider, signInFetch } from '../src/main/services/mcp/headless-oauth'
import { createMcpHub, type McpHub } from '../src/main/services/mcp/hub'
import type { McpServerStatus } from '../src/shared/mcp/servers'

const SERVER_ID = 'conformance'
/** The tool each scenario's server offers to be called (others only connect and list). */
const TOOL_FOR: Record<string, { name: string; args: Record<string, unknown> }> = {
  tools_call: { name: 'add_numbers', args: { a: 5, b: 3 } },
  'elicitation-sep1034-client-defaults': { name: 'test_client_elicitation_defaults', args: {} },
  'sse-retry': { name: 'test_reconnection', args: {} }
}
/** What the suite's auth servers expect of a client (a CIMD URL, a loopback redirect). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json'
const REDIRECT_URL = 'http://localhost:3000/callback'

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
const url = process.argv.at(-1) ?? ''
if (!scenario || !/^https?:\/\//.test(url)) {
  console.error('usage: MCP_CONFORMANCE_SCENARIO=<scenario> mcp-conformance-client <server-url>')
  process.exit(2)
}

function authFor(name: string): HeadlessOAuthProvider | null {
  if (!name.startsWith('auth/')) return null
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
    client_id?: string
    client_secret?: string
  }
  return new HeadlessOAuthProvider({
    clientName: 'Cairn',
    redirectUrl: REDIRECT_URL,
    clientMetadataUrl: CLIENT_METADATA_URL,
    ...(context.client_id
      ? {
          clientInformation: {
            client_id: context.client_id,
            ...(context.client_secret ? { client_secret: context.client_secret } : {})
          }
        }
      : {})
  })
}

function settled(hub: McpHub): Promise<McpServerStatus> {
  return new Promise((resolve) => {
    const check = (): void => {
      const status = hub.status().find((s) => s.id === SERVER_ID)
      if (status && status.state !== 'starting') {
        off()
        resolve(status)
      }
    }
    const off = hub.onChange(check)
    check()
  })
}

const logDir = mkdtempSync(join(tmpdir(), 'cairn-mcp-conformance-'))
const provider = authFor(scenario)
const hub = createMcpHub({
  logDir,
  logger: createLogger({ sink: (line) => process.stderr.write(`${line}\n`) }),
  connectTimeoutMs: 20_000,
  callTimeoutMs: 20_000,
  maxRestarts: 0,
  transportOptions: () => (provider ? { fetch: signInFetch(provider, url) } : {}),
  // The user "accepts" every form empty: the fields take the defaults the server's schema gives.
  elicit: async () => ({ action: 'accept', content: {} })
})

let exitCode = 1
try {
  hub.configure([
    {
      id: SERVER_ID,
      name: 'The conformance server',
      enabled: true,
      transport: { type: 'http', url, headers: {} }
    }
  ])
  const status = await settled(hub)
  if (status.state !== 'connected') throw new Error(status.error ?? status.state)
  const tools = hub.tools()
  console.error(`connected; tools: ${tools.map((t) => t.name).join(', ') || '(none)'}`)
  const call =
    TOOL_FOR[scenario] ??
    (tools.some((t) => t.name === 'test-tool') ? { name: 'test-tool', args: {} } : null)
  if (call) {
    const result = await hub.callTool(SERVER_ID, call.name, call.args, {
      signal: AbortSignal.timeout(25_000)
    })
    console.error(`${call.name}: ${JSON.stringify(result.content)}`)
  }
  exitCode = 0
} catch (error) {
  console.error(`failed: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  await hub.dispose()
  rmSync(logDir, { recursive: true, force: true })
}
process.exit(exitCode)
