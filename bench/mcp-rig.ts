import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { McpServerDraft } from '@shared/mcp/channels'
import { createLogger } from '../src/main/services/log/logger'
import { createMcpHub, type McpHub } from '../src/main/services/mcp/hub'
import { createMcpService, type McpService } from '../src/main/services/mcp/mcp-service'
import type { ServersState } from '../src/main/services/mcp/servers-file'

// The MCP bench's rig: Cairn's hub and MCP service (servers file in memory, logs in a temp
// folder), the reference server, and a stdio server of our own with as many tools as asked.
// (The unit tests' kit imports vitest, which a bench bundle cannot load.) The baseline is the
// bare SDK client: the one bench file lint lets import the SDK.

const require = createRequire(import.meta.url)
/** The SDK's and zod's files, so a script in a temp folder imports the same ones the repo has. */
const SDK_SERVER = dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))
const ZOD_ESM = join(dirname(require.resolve('zod/package.json')), 'index.js')
export const EVERYTHING_BIN =
  require.resolve('@modelcontextprotocol/server-everything/dist/index.js')

export function stdioDraft(id: string, args: string[]): McpServerDraft {
  return {
    id,
    name: `Server ${id}`,
    replaces: false,
    transport: { type: 'stdio', command: process.execPath, args, env: {} }
  }
}

/**
 * A stdio server with `count` tools (`lookup_<n>`), each with a one-line description and a
 * two-field input schema, about the size of a typical MCP tool definition.
 */
export async function writeManyToolsServer(dir: string, count: number): Promise<string> {
  const url = (file: string): string => JSON.stringify(pathToFileURL(file).href)
  const script = join(dir, `tools-${count}.mjs`)
  await writeFile(
    script,
    `
import { McpServer } from ${url(join(SDK_SERVER, 'mcp.js'))}
import { StdioServerTransport } from ${url(join(SDK_SERVER, 'stdio.js'))}
import { z } from ${url(ZOD_ESM)}
const server = new McpServer({ name: 'many-tools', version: '1.0.0' })
for (let n = 0; n < ${count}; n++)
  server.registerTool(
    'lookup_' + n,
    {
      description: 'Looks up records of kind ' + n + ' in the catalogue and returns the matches as text.',
      inputSchema: {
        query: z.string().describe('Words to look for'),
        limit: z.number().int().optional().describe('At most this many records (default 10)')
      },
      annotations: { readOnlyHint: true }
    },
    async ({ query }) => ({ content: [{ type: 'text', text: 'kind ' + n + ': ' + query }] })
  )
await server.connect(new StdioServerTransport())
`
  )
  return script
}

export interface McpRig {
  hub: McpHub
  mcp: McpService
  dispose(): Promise<void>
}

/** The hub and MCP service with `servers` added; resolves once every one is connected. */
export async function startMcp(logDir: string, servers: McpServerDraft[]): Promise<McpRig> {
  const logger = createLogger({})
  const hub = createMcpHub({ logDir, logger })
  let saved: ServersState = { servers: [], toolApproval: {} }
  const mcp = createMcpService({
    hub,
    file: { load: async () => saved, save: async (state) => void (saved = state) },
    claudeDesktopConfig: null,
    logger
  })
  await mcp.addServers(servers)
  await allConnected(
    hub,
    servers.map((s) => s.id)
  )
  return { hub, mcp, dispose: () => mcp.dispose() }
}

/** Waits on the hub's state (never on time); a server that fails ends the bench with its reason. */
function allConnected(hub: McpHub, ids: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const states = ids.map((id) => hub.status().find((s) => s.id === id))
      const failed = states.find((s) => s?.state === 'failed')
      if (failed) {
        off()
        reject(new Error(`MCP server ${failed.id} failed: ${JSON.stringify(failed)}`))
      } else if (states.every((s) => s?.state === 'connected')) {
        off()
        resolve()
      }
    }
    const off = hub.onChange(check)
    check()
  })
}

/** The baseline: the SDK's own client on a stdio server of its own (node with `args`). */
export async function startSdkClient(args: string[]): Promise<Client> {
  const client = new Client({ name: 'cairn-bench', version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' })
  )
  return client
}
