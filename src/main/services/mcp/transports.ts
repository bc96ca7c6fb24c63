import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import {
  getDefaultEnvironment,
  StdioClientTransport
} from '@modelcontextprotocol/sdk/client/stdio.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpServerConfig } from '@shared/mcp/servers'

/*
 * Opening a server's transport and initializing a client on it: stdio (spawned by the SDK without
 * a shell, argv as given) or Streamable HTTP, falling back to the old HTTP+SSE transport for a
 * server that refuses Streamable HTTP's POST the way old servers do (a 4xx other than 401/403).
 */

export interface TransportOptions {
  /** Hears a stdio server's stderr, from the first byte. */
  onStderr?: (chunk: Buffer) => void
  /** OAuth for remote servers (the SDK's client auth); absent: a 401 means "needs sign-in". */
  authProvider?: OAuthClientProvider
  /** The HTTP fetch to use (a middleware that signs requests in, for one). */
  fetch?: FetchLike
}

export interface OpenedClient {
  client: Client
  transport: Transport
}

export async function openTransport(
  config: McpServerConfig,
  options: TransportOptions,
  makeClient: () => Client,
  timeoutMs: number,
  /** Called with each transport as it is made, so a start given up on can close it. */
  track: (transport: Transport) => void
): Promise<OpenedClient> {
  const { transport: spec } = config
  if (spec.type === 'stdio') {
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: { ...inheritedEnv(), ...spec.env },
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
      stderr: 'pipe'
    })
    // The SDK hands the stream over before start, so not even the first line is lost.
    if (options.onStderr) transport.stderr?.on('data', options.onStderr)
    return connect(makeClient(), transport, timeoutMs, track)
  }
  const url = new URL(spec.url)
  const requestInit = { headers: spec.headers }
  const { authProvider, fetch } = options
  try {
    return await connect(
      makeClient(),
      new StreamableHTTPClientTransport(url, { requestInit, authProvider, fetch }),
      timeoutMs,
      track
    )
  } catch (error) {
    if (!refusedStreamableHttp(error)) throw error
    return connect(
      makeClient(),
      new SSEClientTransport(url, { requestInit, authProvider, fetch }),
      timeoutMs,
      track
    )
  }
}

async function connect(
  client: Client,
  transport: Transport,
  timeoutMs: number,
  track: (transport: Transport) => void
): Promise<OpenedClient> {
  track(transport)
  await client.connect(transport, { timeout: timeoutMs })
  return { client, transport }
}

/** An old HTTP+SSE server answers Streamable HTTP's first POST with 404 or 405 (or 400). */
function refusedStreamableHttp(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError)) return false
  const code = error.code ?? 0
  return code >= 400 && code < 500 && code !== 401 && code !== 403
}

/**
 * What a server inherits of Cairn's environment: only the SDK's safe few (PATH, HOME, USER, SHELL,
 * TERM, LOGNAME; their Windows peers), never the rest, which may hold an API key or Cairn's own
 * settings. A server that needs more names it in its config's env.
 */
function inheritedEnv(): Record<string, string> {
  return getDefaultEnvironment()
}
