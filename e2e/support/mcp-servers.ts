import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, type Locator } from '@playwright/test'
import { AppPage } from '../pages/app-page'

/*
 * MCP servers for the specs: the real reference server, small stdio servers of the test's own
 * written with the SDK's McpServer into the test's temp folder, and adding one from Settings →
 * Tools by pasted JSON (its command line reviewed, then started) up to "Connected".
 */

const require = createRequire(import.meta.url)
export const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js')
/** The SDK's and zod's files, so a script in a temp folder imports the ones the repo has. */
const SDK_SERVER = dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))
const ZOD = join(dirname(require.resolve('zod/package.json')), 'index.js')
const url = (file: string): string => JSON.stringify(pathToFileURL(file).href)

/**
 * A stdio server with one tool, `lookup` ("Lookup"), that answers `found <word>`, except that
 * the first call it ever gets (across restarts: `<dir>/crashed` remembers) ends the process
 * mid-call. Each start appends a line to `<dir>/starts`.
 */
export async function writeCrashOnceServer(dir: string): Promise<string> {
  const script = join(dir, 'crash-once.mjs')
  await writeFile(
    script,
    `
import { appendFileSync, existsSync, writeFileSync } from 'node:fs'
import { McpServer } from ${url(join(SDK_SERVER, 'mcp.js'))}
import { StdioServerTransport } from ${url(join(SDK_SERVER, 'stdio.js'))}
import { z } from ${url(ZOD)}
const crashed = ${JSON.stringify(join(dir, 'crashed'))}
appendFileSync(${JSON.stringify(join(dir, 'starts'))}, 'started\\n')
const server = new McpServer({ name: 'crash-once', version: '1.0.0' })
server.registerTool(
  'lookup',
  { title: 'Lookup', description: 'Looks a word up.', inputSchema: { word: z.string() } },
  async ({ word }) => {
    if (!existsSync(crashed)) {
      writeFileSync(crashed, 'yes')
      process.stderr.write('crash-once: going down in the middle of a call\\n', () => process.exit(3))
      return new Promise(() => {})
    }
    return { content: [{ type: 'text', text: 'found ' + word }] }
  }
)
await server.connect(new StdioServerTransport())
`
  )
  return script
}

/**
 * Settings → Tools → Add a server…, its config pasted as Claude Desktop writes it, the command
 * line reviewed and started; resolves with the server's row once it is connected.
 */
export async function addServerByJson(
  app: AppPage,
  name: string,
  args: string[]
): Promise<Locator> {
  const tools = (await app.gotoSettings()).part('Tools')
  await tools.getByRole('button', { name: 'Add a server…' }).click()
  const config = { mcpServers: { [name]: { command: process.execPath, args } } }
  await tools.getByLabel(/Or paste JSON/).fill(JSON.stringify(config))
  await tools.getByRole('button', { name: 'Review pasted JSON' }).click()
  await tools
    .getByRole('group', { name: 'Servers to add' })
    .getByRole('button', { name: 'Add and start it' })
    .click()
  const server = tools.getByRole('listitem', { name })
  await expect(server.getByTestId('mcp-state')).toHaveText(/^Connected · \d+ tools?$/)
  return server
}
