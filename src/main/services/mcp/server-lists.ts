import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ListChangedHandlers, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpServerConfig, McpToolInfo } from '@shared/mcp/servers'
import { plainRequestError } from './mcp-errors'
import {
  promptDef,
  resourceDef,
  type McpPromptDef,
  type McpResourceDef,
  type McpServerFeatures
} from './features'

/*
 * What a connected server offers, as lists Cairn keeps: its tools (read at the start, read again
 * when it says they changed) and its prompts and resources (read on first use, kept until they
 * change). Refreshed by Cairn (all pages), not by the SDK's single-page auto refresh.
 */

export interface ToolListOptions {
  server: string
  timeoutMs: number
  onChanged: () => void
  /** The connection is ending: a change it tells of now is not read. */
  closing: () => boolean
}

/** The server's tools, kept current by `notifications/tools/list_changed`. */
export function createToolList(options: ToolListOptions) {
  const { server, timeoutMs } = options
  let tools: McpToolInfo[] = []
  let client: Client | null = null
  let refreshing: Promise<void> = Promise.resolve()

  const refresh = (): Promise<void> => {
    // One refresh after another, so an older list never lands after a newer one.
    refreshing = refreshing.then(async () => {
      if (!client || options.closing()) return
      try {
        tools = await listAllTools(client, server, timeoutMs)
        options.onChanged()
      } catch {
        // The list could not be read again: the old one stays; a dead connection says so itself.
      }
    })
    return refreshing
  }

  return {
    current: (): McpToolInfo[] => tools,
    listChanged: {
      autoRefresh: false,
      debounceMs: 50,
      onChanged: () => void refresh()
    } satisfies ListChangedHandlers['tools'],
    /** The first list, read once the client is connected (a failure fails the start). */
    async read(connected: Client): Promise<void> {
      client = connected
      tools = await listAllTools(connected, server, timeoutMs)
    }
  }
}

export interface FeatureListsOptions {
  config: McpServerConfig
  timeoutMs: number
  /** Its prompts or resources changed (the next list reads them again). */
  onChanged?: () => void
}

/** The server's prompts and resources: read on first use (a start stays as quick), then kept. */
export function createFeatureLists(options: FeatureListsOptions) {
  const { config, timeoutMs } = options
  let prompts: Promise<McpPromptDef[]> | null = null
  let resources: Promise<McpResourceDef[]> | null = null
  const listsChanged = (forget: () => void) => ({
    autoRefresh: false,
    debounceMs: 50,
    onChanged: () => {
      forget()
      options.onChanged?.()
    }
  })
  const request = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw plainRequestError(config, what, error, timeoutMs)
    }
  }

  return {
    listChanged: {
      prompts: listsChanged(() => (prompts = null)),
      resources: listsChanged(() => (resources = null))
    } satisfies ListChangedHandlers,
    /** The calls on a connected client. */
    on(live: Client): McpServerFeatures {
      const offers = (feature: 'prompts' | 'resources') => !!live.getServerCapabilities()?.[feature]
      return {
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
        }
      }
    }
  }
}

/** A list kept until the server says it changed; a failed read is not kept. */
function kept<T>(read: () => Promise<T[]>, keep: (list: Promise<T[]> | null) => void) {
  const list = read()
  keep(list)
  list.catch(() => keep(null))
  return list
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
