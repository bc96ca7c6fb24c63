import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CancelledNotificationSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
  type ElicitRequest,
  type ElicitResult
} from '@modelcontextprotocol/sdk/types.js'
import type { McpServerConfig, McpToolInfo } from '@shared/mcp/servers'
import { createCallClocks } from './call-clocks'
import { abortError, plainConnectError, plainCallError } from './mcp-errors'
import type { McpServerFeatures } from './features'
import { createFeatureLists, createToolList } from './server-lists'
import { openTransport, type TransportOptions } from './transports'

/*
 * One live connection to one MCP server, on the official SDK (v1). With transports.ts and
 * server-lists.ts this is the only place that touches the SDK's client: a move to the v2 packages
 * changes these files.
 * The connection knows nothing of restarts or status; the server slot above it decides those.
 */

export const CAIRN_CLIENT_INFO = { name: 'cairn', version: '0.1.0' }
/** setTimeout's longest delay: the SDK's own call timeout never fires before Cairn's clock. */
const NO_SDK_TIMEOUT = 2_147_483_647

export interface McpCallProgress {
  progress: number
  total?: number
  message?: string
}

export interface McpCallResult {
  content: Array<Record<string, unknown>>
  isError: boolean
  structuredContent?: unknown
}

export interface McpCallOptions {
  signal: AbortSignal
  onProgress?: (progress: McpCallProgress) => void
}

export type { McpServerFeatures } from './features'

export interface McpConnection extends McpServerFeatures {
  /** The tools it offers now (kept current by `notifications/tools/list_changed`). */
  tools(): McpToolInfo[]
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions & { timeoutMs: number }
  ): Promise<McpCallResult>
  close(): Promise<void>
}

/** A server asking the user for input (a form); the answer goes back as the server's reply. */
export type McpElicitRequest = ElicitRequest['params']
export type McpElicitResult = ElicitResult
export type McpElicit = (request: McpElicitRequest, signal: AbortSignal) => Promise<McpElicitResult>

export interface ConnectOptions extends TransportOptions {
  /** Answers a server's elicitation; absent: Cairn does not offer elicitation to servers. */
  elicit?: McpElicit
  config: McpServerConfig
  timeoutMs: number
  /** Gives up on a start still under way (the server was stopped or reconfigured meanwhile). */
  signal?: AbortSignal
  /** The connection ended without `close()` (the process exited, the stream dropped). */
  onClosed: () => void
  onToolsChanged: () => void
  /** Its prompts or resources changed (the next list reads them again). */
  onListsChanged?: () => void
}

export async function connectMcpServer(options: ConnectOptions): Promise<McpConnection> {
  const { config, timeoutMs, elicit } = options
  let closing = false
  const clocks = createCallClocks()
  const toolList = createToolList({
    server: config.id,
    timeoutMs,
    onChanged: options.onToolsChanged,
    closing: () => closing
  })
  const lists = createFeatureLists({ config, timeoutMs, onChanged: options.onListsChanged })
  const makeClient = (): Client => {
    const made = new Client(CAIRN_CLIENT_INFO, {
      // Form fields the user leaves empty take the schema's defaults (the SDK fills them in).
      capabilities: elicit ? { elicitation: { form: { applyDefaults: true } } } : {},
      listChanged: { tools: toolList.listChanged, ...lists.listChanged }
    })
    if (elicit) answerElicitations(made, elicit, () => clocks.hold())
    return made
  }

  const live = await openClient(options, makeClient)
  // Until the first list is in, an end is this start's failure (thrown below), not a crash.
  let ready = false
  live.onclose = () => {
    if (ready && !closing) options.onClosed()
  }
  try {
    await toolList.read(live)
    ready = true
  } catch (error) {
    closing = true
    await live.close().catch(() => undefined)
    throw plainConnectError(config, error, timeoutMs)
  }

  return {
    tools: toolList.current,
    ...lists.on(live),
    callTool: (name, args, callOptions) =>
      callWithClock({ client: live, clocks, config }, name, args, callOptions),
    async close() {
      closing = true
      await live.close().catch(() => undefined)
    }
  }
}

/**
 * Opens the transport and connects the client, within the start's time; a start given up on
 * (timed out, stopped) leaves no process or stream behind, even one that finishes opening later.
 */
async function openClient(options: ConnectOptions, makeClient: () => Client): Promise<Client> {
  const { config, timeoutMs } = options
  const started: Transport[] = []
  const opening = openTransport(config, options, makeClient, timeoutMs, (t) => started.push(t))
  try {
    return (await bounded(opening, timeoutMs, options.signal)).client
  } catch (error) {
    await Promise.all(started.map((t) => t.close().catch(() => undefined)))
    opening.then(
      (late) => late.client.close().catch(() => undefined),
      () => undefined
    )
    throw plainConnectError(config, error, timeoutMs)
  }
}

interface CallTarget {
  client: Client
  clocks: Pick<ReturnType<typeof createCallClocks>, 'start'>
  config: McpServerConfig
}

/** One tool call, on Cairn's clock, not the SDK's: it waits while the server waits on the user (call-clocks.ts). */
async function callWithClock(
  { client, clocks, config }: CallTarget,
  name: string,
  args: Record<string, unknown>,
  { signal, onProgress, timeoutMs }: McpCallOptions & { timeoutMs: number }
): Promise<McpCallResult> {
  if (signal.aborted) throw abortError(signal)
  const timedOut = new AbortController()
  const clock = clocks.start(timeoutMs, () =>
    timedOut.abort(
      new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs })
    )
  )
  try {
    const result = await client.callTool({ name, arguments: args }, undefined, {
      signal: AbortSignal.any([signal, timedOut.signal]),
      timeout: NO_SDK_TIMEOUT,
      onprogress: (p) => {
        // A server that reports progress is alive: its clock starts again with each report.
        clock.restart()
        onProgress?.({
          progress: p.progress,
          ...(p.total !== undefined ? { total: p.total } : {}),
          ...(p.message !== undefined ? { message: p.message } : {})
        })
      }
    })
    return {
      content: Array.isArray(result.content)
        ? (result.content as Array<Record<string, unknown>>)
        : [],
      isError: result.isError === true,
      ...(result.structuredContent !== undefined
        ? { structuredContent: result.structuredContent }
        : {})
    }
  } catch (error) {
    // The SDK has already sent notifications/cancelled; the caller hears a plain abort.
    if (signal.aborted) throw abortError(signal)
    throw plainCallError(config, name, error, timeoutMs)
  } finally {
    clock.stop()
  }
}

/**
 * Hands a server's questions to `elicit`, and ends one when the server cancels it (its time ran
 * out, or it no longer needs the answer). The SDK's own cancel handler skips a request whose id
 * is 0 (it tests the id for truth), and 0 is the first id a server gives: so the questions
 * asked are followed here, and this handler takes the place of the SDK's, which a client with
 * no other server requests to end does not miss.
 */
function answerElicitations(client: Client, elicit: McpElicit, hold: () => () => void): void {
  const asking = new Map<string | number, AbortController>()
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const withdrawn = new AbortController()
    asking.set(extra.requestId, withdrawn)
    // The user may take minutes: the calls of this server wait with the question.
    const release = hold()
    try {
      return await elicit(request.params, AbortSignal.any([extra.signal, withdrawn.signal]))
    } finally {
      release()
      asking.delete(extra.requestId)
    }
  })
  client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
    const { requestId, reason } = notification.params
    if (requestId !== undefined) asking.get(requestId)?.abort(reason)
  })
}

/**
 * The SDK bounds each request; this bounds the whole start (a spawn or a fallback included), and
 * lets the one who asked for it give up on it (a dispose, a new config).
 */
async function bounded<T>(work: Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  let onAbort: (() => void) | undefined
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs })),
      timeoutMs
    )
    onAbort = () => reject(abortError(signal as AbortSignal))
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
  // The losing side's rejection is handled by the caller's clean-up; never left unhandled.
  work.catch(() => undefined)
  try {
    return await Promise.race([work, giveUp])
  } finally {
    clearTimeout(timer)
    if (onAbort) signal?.removeEventListener('abort', onAbort)
  }
}
