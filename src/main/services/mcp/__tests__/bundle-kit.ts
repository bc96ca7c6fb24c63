import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { zipSync, type Zippable } from 'fflate'

/*
 * Real `.mcpb` bundles for tests: a manifest and a tiny stdio server written with the SDK's
 * McpServer, zipped with fflate (as `mcpb pack` does). The server imports the repo's SDK by its
 * file URL, so the bundle needs no node_modules of its own. Shared by unit tests and e2e.
 */

const require = createRequire(import.meta.url)
const SDK_SERVER = dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))
const sdk = (file: string): string => JSON.stringify(pathToFileURL(join(SDK_SERVER, file)).href)

/** `greet` answers with the greeting argument and the secret code it was started with. */
const SERVER = `
import { McpServer } from ${sdk('mcp.js')}
import { StdioServerTransport } from ${sdk('stdio.js')}
const greeting = process.argv[process.argv.indexOf('--greeting') + 1]
const server = new McpServer({ name: 'hello-bundle', version: process.env.HELLO_VERSION ?? '0' })
server.registerTool('greet', { description: 'Says hello', annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: 'text', text: greeting + ' (code ' + process.env.HELLO_CODE + ')' }]
}))
await server.connect(new StdioServerTransport())
`

export interface BundleOptions {
  version?: string
  platforms?: string[]
  serverType?: string
  /** Extra entries in the archive, by name. */
  extra?: Zippable
  /** Leave manifest.json out. */
  noManifest?: boolean
  /** Changes to the manifest after it is built. */
  manifest?: (manifest: Record<string, unknown>) => void
}

export function helloManifest(options: BundleOptions = {}): Record<string, unknown> {
  const manifest: Record<string, unknown> = {
    manifest_version: '0.3',
    name: 'hello-bundle',
    display_name: 'Hello Bundle',
    version: options.version ?? '1.0.0',
    description: 'Says hello, for the tests.',
    author: { name: 'Cairn tests', url: 'https://example.com' },
    server: {
      type: options.serverType ?? 'node',
      entry_point: 'server/index.mjs',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.mjs', '--greeting', '${user_config.greeting}'],
        env: { HELLO_CODE: '${user_config.code}', HELLO_VERSION: options.version ?? '1.0.0' }
      }
    },
    tools: [{ name: 'greet', description: 'Says hello' }],
    user_config: {
      greeting: {
        type: 'string',
        title: 'Greeting',
        description: 'What the server says',
        default: 'hello',
        required: true
      },
      code: {
        type: 'string',
        title: 'Secret code',
        description: 'The code the server starts with.',
        sensitive: true,
        required: true
      }
    },
    ...(options.platforms ? { compatibility: { platforms: options.platforms } } : {})
  }
  options.manifest?.(manifest)
  return manifest
}

export function helloBundle(options: BundleOptions = {}): Uint8Array {
  const text = (value: string) => new TextEncoder().encode(value)
  return zipSync({
    ...(options.noManifest
      ? {}
      : { 'manifest.json': text(JSON.stringify(helloManifest(options), null, 2)) }),
    server: { 'index.mjs': text(SERVER) },
    ...options.extra
  })
}

/** Writes a bundle into `dir` and answers its path. */
export async function writeHelloBundle(dir: string, options: BundleOptions = {}): Promise<string> {
  const path = join(dir, `hello-bundle-${options.version ?? '1.0.0'}.mcpb`)
  await writeFile(path, helloBundle(options))
  return path
}
