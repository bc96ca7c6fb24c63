import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { McpServerConfig, McpServerStatus } from '@shared/mcp/servers'
import { captureLogger } from '../../__tests__/helpers'
import { createMcpHub, type McpHub, type McpHubDeps } from '../hub'

/*
 * What the MCP tests share: a hub on a temp log folder, waiting on its state (never on time), and
 * a small stdio server of our own, written into the test's temp folder, for what the reference
 * server cannot be asked to do on cue (crash mid-call, add a tool, tell whether it was cancelled).
 */

const require = createRequire(import.meta.url)
/** The SDK's dist folder, so a script in a temp folder imports the same SDK the repo has. */
const SDK_SERVER = dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))
export const EVERYTHING_BIN =
  require.resolve('@modelcontextprotocol/server-everything/dist/index.js')

export function makeHub(logDir: string, deps: Partial<McpHubDeps> = {}): McpHub {
  return createMcpHub({
    logDir,
    logger: captureLogger().logger,
    // Quick restarts keep crash tests short; they still wait on the state, not on this.
    restartDelayMs: () => 50,
    ...deps
  })
}

/** Resolves with the first status of `id` that `test` accepts, checked now and on every change. */
export function waitForStatus(
  hub: McpHub,
  id: string,
  test: (status: McpServerStatus) => boolean
): Promise<McpServerStatus> {
  return waitFor(hub, () => {
    const status = hub.status().find((s) => s.id === id)
    return status && test(status) ? status : undefined
  })
}

/** Resolves with `probe`'s first defined answer, checked now and on every hub change. */
export function waitFor<T>(hub: McpHub, probe: () => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const value = probe()
      if (value === undefined) return false
      off()
      resolve(value)
      return true
    }
    const off = hub.onChange(() => void check())
    check()
  })
}

export function stdioConfig(
  id: string,
  command: string,
  args: string[],
  extra: Partial<McpServerConfig> = {}
): McpServerConfig {
  return {
    id,
    name: `Server ${id}`,
    enabled: true,
    transport: { type: 'stdio', command, args, env: {} },
    ...extra
  }
}

export function httpConfig(id: string, url: string): McpServerConfig {
  return { id, name: `Server ${id}`, enabled: true, transport: { type: 'http', url, headers: {} } }
}

/**
 * A stdio server with tools a test can drive: `hello`, `wait-for-cancel` (answers only when
 * cancelled), `was-cancelled`, `add-tool` (registers `added`: the SDK tells `list_changed`),
 * `crash` (exits mid-call). It says on stderr when it starts; with FIXTURE_EXIT_ON_LIST it exits
 * when asked for its tools; with FIXTURE_LOCK it holds that file while it runs.
 */
export async function writeFixtureServer(dir: string): Promise<string> {
  const sdk = (file: string): string => pathToFileURL(join(SDK_SERVER, file)).href
  const script = join(dir, 'fixture-server.mjs')
  await writeFile(
    script,
    `
import { McpServer } from ${JSON.stringify(sdk('mcp.js'))}
import { StdioServerTransport } from ${JSON.stringify(sdk('stdio.js'))}
const server = new McpServer({ name: 'fixture', version: '1.0.0' })
const text = (t) => ({ content: [{ type: 'text', text: t }] })
let cancelled = false
server.registerTool('hello', { description: 'Says hello', annotations: { readOnlyHint: true } }, async () => text('hello from ' + process.env.FIXTURE_GREETING))
// Without an input schema the SDK passes only \`extra\`.
server.registerTool('wait-for-cancel', {}, async (extra) => {
  const done = new Promise((resolve) => {
    const stop = () => { cancelled = true; resolve(text('cancelled')) }
    if (extra.signal.aborted) stop()
    else extra.signal.addEventListener('abort', stop)
  })
  // One progress report says "the call is running here": the test stops it only then.
  const progressToken = extra._meta?.progressToken
  if (progressToken !== undefined)
    await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: 1 } })
  return done
})
server.registerTool('was-cancelled', {}, async () => text(String(cancelled)))
server.registerTool('add-tool', {}, async () => {
  server.registerTool('added', { description: 'Added later' }, async () => text('added'))
  return text('ok')
})
server.registerTool('crash', {}, async () => {
  console.error('crashing on purpose')
  process.exit(3)
})
// FIXTURE_LOCK: holds this file while it runs (as a server holding a port or a database would);
// a second copy started before the first has ended cannot take it and exits.
if (process.env.FIXTURE_LOCK) {
  const { openSync, unlinkSync } = await import('node:fs')
  try { openSync(process.env.FIXTURE_LOCK, 'wx') } catch { console.error('lock taken'); process.exit(5) }
  process.on('exit', () => unlinkSync(process.env.FIXTURE_LOCK))
  // Slow to end, as such servers are: it outlives its stdin and goes only when told (SIGTERM).
  setInterval(() => {}, 1e6)
  process.on('SIGTERM', () => process.exit(0))
}
// FIXTURE_EXIT_ON_LIST: dies when asked for its tools (a server that fails while starting).
if (process.env.FIXTURE_EXIT_ON_LIST)
  process.stdin.on('data', (data) => { if (String(data).includes('tools/list')) process.exit(4) })
console.error('fixture started in ' + process.cwd() + ' as pid ' + process.pid)
await server.connect(new StdioServerTransport())
`
  )
  return script
}
