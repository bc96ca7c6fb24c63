import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

/*
 * Remote MCP servers built in the test with the SDK's server classes, on 127.0.0.1: one speaking
 * Streamable HTTP (optionally wanting a header), and one speaking only the old HTTP+SSE transport.
 */

export interface TestHttpServer {
  url: string
  close(): Promise<void>
}

function mcpServer(label: string): McpServer {
  const server = new McpServer({ name: label, version: '1.0.0' })
  server.registerTool('whoami', { description: 'Says which transport answered' }, async () => ({
    content: [{ type: 'text', text: label }]
  }))
  return server
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  path: string
): Promise<TestHttpServer> {
  const http: Server = createServer(handler)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      })
  }
}

/** Streamable HTTP, stateless: each POST gets a fresh server (as the SDK's example does). */
export function startStreamableServer(requiredHeader?: [string, string]): Promise<TestHttpServer> {
  return listen((req, res) => {
    if (requiredHeader && req.headers[requiredHeader[0]] !== requiredHeader[1]) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}')
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end()
      return
    }
    const server = mcpServer('streamable-http')
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    void server.connect(transport).then(() => transport.handleRequest(req, res))
  }, '/mcp')
}

/** The old transport only: GET /sse opens the stream, POST /messages carries requests. */
export function startSseOnlyServer(): Promise<TestHttpServer> {
  const sessions = new Map<string, SSEServerTransport>()
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res)
      sessions.set(transport.sessionId, transport)
      res.on('close', () => sessions.delete(transport.sessionId))
      void mcpServer('sse').connect(transport)
      return
    }
    const session = sessions.get(url.searchParams.get('sessionId') ?? '')
    if (req.method === 'POST' && url.pathname === '/messages' && session) {
      void session.handlePostMessage(req, res)
      return
    }
    // What an old server says to Streamable HTTP's POST on its SSE address.
    res.writeHead(405).end()
  }, '/sse')
}
