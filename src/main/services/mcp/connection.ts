import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CancelledNotificationSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
  type ElicitRequest,
  type ElicitResult,
  type Tool
} from '@modelcontextprotocol/sdk/types.js'
import type { McpServerConfig, McpToolInfo } from '@shared/mcp/servers'
import { createCallClocks, type CallClock } from './call-clocks'
import { abortError, plainConnectError, plainCallError, plainRequestError } from './mcp-errors'
import {
  promptDef,
  resourceDef,
  type McpPromptDef,
  type McpPromptMessage,
  type McpResourceContent,
  type McpResourceDef
} from './features'
import { openTransport, type TransportOptions } from './transports'

/*
 * One live connection to one MCP server, on the official SDK (v1). With transports.ts this is
 * the only place that touches the SDK's client: a move to the v2 packages changes these files.
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

/** A server's prompts and resources (asked for when the user opens a list, kept until they change). */
export interface McpServerFeatures {
  /** Its prompts (none when it offers none); read again after `notifications/prompts/list_changed`. */
  listPrompts(): Promise<McpPromptDef[]>
  getPrompt(name: string, args: Record<string, string>): Promise<McpPromptMessage[]>
  /** Its resources, not its templates; read again after `notifications/resources/list_changed`. */
  listResources(): Promise<McpResourceDef[]>
  readResource(uri: string): Promise<McpResourceContent[]>
}

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
  const { config, timeoutMs } = options
  let tools: McpToolInfo[] = []
  let closing = false
  let refreshing: Promise<void> = Promise.resolve()
  // Read on first use, not at connect (a start stays as quick as a tools-only one), then kept.
  let prompts: Promise<McpPromptDef[]> | null = null
  let resources: Promise<McpResourceDef[]> | null = null
  const listsChanged = (forget: () => void) => ({
    autoRefresh: false,
    debounceMs: 50,
    onChanged: () => {
      forget()
      options.onListsChanged?.()
    }
  })

  const { elicit } = options
  const clocks = createCallClocks()
  const makeClient = (): Client => {
    const made = new Client(CAIRN_CLIENT_INFO, {
      // Form fields the user leaves empty take the schema's defaults (the SDK fills them in).
      capabilities: elicit ? { elicitation: { form: { applyDefaults: true } } } : {},
      // Refreshed by us (all pages), not the SDK's single-page auto refresh.
      listChanged: {
        tools: { autoRefresh: false, debounceMs: 50, onChanged: () => void refresh() },
        prompts: listsChanged(() => (prompts = null)),
        resources: listsChanged(() => (resources = null))
      }
    })
    if (elicit) answerElicitations(made, elicit, () => clocks.hold())
    return made
  }

  let client: Client | null = null
  const refresh = (): Promise<void> => {
    // One refresh after another, so an older list never lands after a newer one.
    refreshing = refreshing.then(async () => {
      if (!client || closing) return
      try {
        tools = await listAllTools(client, config.id, timeoutMs)
        options.onToolsChanged()
      } catch {
        // The list could not be read again: the old one stays; a dead connection says so itself.
      }
    })
    return refreshing
  }

  let opened: { client: Client; transport: Transport }
  const started: Transport[] = []
  const opening = openTransport(config, options, makeClient, timeoutMs, (t) => started.push(t))
  try {
    opened = await bounded(opening, timeoutMs, options.signal)
  } catch (error) {
    // A start given up on (timed out, stopped) must not leave its process or stream behind,
    // even one that finishes opening later.
    await Promise.all(started.map((t) => t.close().catch(() => undefined)))
    opening.then(
      (late) => late.client.close().catch(() => undefined),
      () => undefined
    )
    throw plainConnectError(config, error, timeoutMs)
  }
  client = opened.client
  // Until the first list is in, an end is this start's failure (thrown below), not a crash.
  let ready = false
  client.onclose = () => {
    if (ready && !closing) options.onClosed()
  }
  try {
    tools = await listAllTools(client, config.id, timeoutMs)
    ready = true
  } catch (error) {
    closing = true
    await client.close().catch(() => undefined)
    throw plainConnectError(config, error, timeoutMs)
  }
  const live = client
  const request = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw plainRequestError(config, what, error, timeoutMs)
    }
  }
  /** A list kept until the server says it changed; a failed read is not kept. */
  const kept = <T>(read: () => Promise<T[]>, keep: (list: Promise<T[]> | null) => void) => {
    const list = read()
    keep(list)
    list.catch(() => keep(null))
    return list
  }
  const offers = (feature: 'prompts' | 'resources') => !!live.getServerCapabilities()?.[feature]

  return {
    tools: () => tools,
    listPrompts() {
      if (!offers('prompts')) return Promise.resolve([])
      return (prompts ??= kept(
        () =>
          request('its prompts', () =>
            allPages(async (cursor) => {
              const page = await live.listPrompts(cursor ? { cursor } : undefined, {
                timeout: timeoutMs
              })
              return { items: page.prompts.map(promptDef), nextCursor: page.nextCursor }
            })
          ),
        (list) => (prompts = list)
      ))
    },
    getPrompt(name, args) {
      return request(`the prompt "${name}"`, async () => {
        const result = await live.getPrompt({ name, arguments: args }, { timeout: timeoutMs })
        return result.messages.map((m) => ({
          role: m.role,
          content: m.content as Record<string, unknown>
        }))
      })
    },
    listResources() {
      if (!offers('resources')) return Promise.resolve([])
      return (resources ??= kept(
        () =>
          request('its resources', () =>
            allPages(async (cursor) => {
              const page = await live.listResources(cursor ? { cursor } : undefined, {
                timeout: timeoutMs
              })
              return { items: page.resources.map(resourceDef), nextCursor: page.nextCursor }
            })
          ),
        (list) => (resources = list)
      ))
    },
    readResource(uri) {
      return request(`the resource ${uri}`, async () => {
        const result = await live.readResource({ uri }, { timeout: timeoutMs })
        return result.contents.map((c) => ({
          uri: c.uri,
          ...(c.mimeType !== undefined ? { mimeType: c.mimeType } : {}),
          ...('text' in c && typeof c.text === 'string' ? { text: c.text } : {}),
          ...('blob' in c && typeof c.blob === 'string' ? { blob: c.blob } : {})
        }))
      })
    },
    async callTool(name, args, { signal, onProgress, timeoutMs: callTimeoutMs }) {
      if (signal.aborted) throw abortError(signal)
      // Cairn's clock, not the SDK's: it waits while the server waits on the user (call-clocks.ts).
      const timedOut = new AbortController()
      const clock: CallClock = clocks.start(callTimeoutMs, () =>
        timedOut.abort(
          new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: callTimeoutMs })
        )
      )
      try {
        const result = await live.callTool({ name, arguments: args }, undefined, {
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
        throw plainCallError(config, name, error, callTimeoutMs)
      } finally {
        clock.stop()
      }
    },
    async close() {
      closing = true
      await live.close().catch(() => undefined)
    }
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

function listAllTools(client: Client, server: string, timeoutMs: number) {
  return allPages(async (cursor) => {
    const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs })
    return {
      items: result.tools.map((tool) => toToolInfo(server, tool)),
      nextCursor: result.nextCursor
    }
  })
}

/** Every page of a list, up to 100: a server that pages forever must not hang what waits for it. */
async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>
): Promise<T[]> {
  const all: T[] = []
  let cursor: string | undefined
  for (let n = 0; n < 100; n++) {
    const result = await page(cursor)
    all.push(...result.items)
    cursor = result.nextCursor
    if (!cursor) break
  }
  return all
}

function toToolInfo(server: string, tool: Tool): McpToolInfo {
  return {
    server,
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.annotations ? { annotations: pickAnnotations(tool.annotations) } : {})
  }
}

/** Only the hints the shared schema names (a server may send anything else along). */
function pickAnnotations(a: NonNullable<Tool['annotations']>): McpToolInfo['annotations'] {
  const out: NonNullable<McpToolInfo['annotations']> = {}
  if (typeof a.title === 'string') out.title = a.title
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
    if (typeof a[key] === 'boolean') out[key] = a[key]
  return out
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
