import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

/**
 * Serves the built renderer on 127.0.0.1 (Chromium will not run module scripts from file://,
 * which Electron allows for its own pages). Only files under `root` are ever served.
 */
export async function serveDirectory(
  root: string
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
      const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname))
      if (file !== root && !file.startsWith(root + sep)) return void response.writeHead(403).end()
      try {
        if (!(await stat(file)).isFile()) return void response.writeHead(404).end()
      } catch {
        return void response.writeHead(404).end()
      }
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store'
      })
      createReadStream(file).pipe(response)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    // Keep-alive sockets (a frame left mid-request, a page still open) would hold close() open.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
