import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)
const SDK_SERVER = dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))
const ZOD = pathToFileURL(require.resolve('zod')).href

/** A PNG of one pixel. */
export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/**
 * A stdio server with what server-everything cannot be asked for on cue: a prompt with assistant
 * turns, one larger than the cap, `add-prompt` (registers `added`: the SDK says list_changed), an
 * image resource and one of bytes that are neither text nor an image.
 */
export async function writePromptFixture(dir: string): Promise<string> {
  const sdk = (file: string): string => pathToFileURL(join(SDK_SERVER, file)).href
  const script = join(dir, 'prompt-fixture.mjs')
  await writeFile(
    script,
    `
import { McpServer } from ${JSON.stringify(sdk('mcp.js'))}
import { StdioServerTransport } from ${JSON.stringify(sdk('stdio.js'))}
import { z } from ${JSON.stringify(ZOD)}
const server = new McpServer({ name: 'prompt-fixture', version: '1.0.0' })
const say = (role, text) => ({ role, content: { type: 'text', text } })
server.registerPrompt('dialogue', { description: 'With an example answer' }, () => ({
  messages: [say('user', 'Name a colour.'), say('assistant', 'Blue.'), say('user', 'Another one?')]
}))
server.registerPrompt('huge', {}, () => ({ messages: [say('user', 'x'.repeat(60000))] }))
server.registerPrompt('greet', { argsSchema: { who: z.string() } }, ({ who }) => ({
  messages: [say('user', '<b>Hello</b> ' + who)]
}))
server.registerTool('add-prompt', {}, async () => {
  server.registerPrompt('added', { title: 'Added later' }, () => ({ messages: [say('user', 'added')] }))
  return { content: [{ type: 'text', text: 'ok' }] }
})
server.registerResource('pixel', 'fixture://pixel.png', { mimeType: 'image/png' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'image/png', blob: ${JSON.stringify(PIXEL_PNG)} }]
}))
server.registerResource('bytes', 'fixture://bytes.bin', { mimeType: 'application/octet-stream' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'application/octet-stream', blob: Buffer.from([0, 1, 2, 255, 254, 0]).toString('base64') }]
}))
await server.connect(new StdioServerTransport())
`
  )
  return script
}
