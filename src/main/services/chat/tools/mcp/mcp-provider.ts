import type { BetaToolUnion } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ToolCallContext, ToolProvider, ToolRun } from '../provider'
import { apiToolName } from './tool-names'
import { resultContent, type KeepImage } from './tool-result'

/*
 * One MCP server, as a provider: its tools listed as `mcp__<server>__<tool>` with the server's
 * own descriptions and schemas, each call asked about as the user chose for that tool (every
 * time, once per chat, or always allowed), then run on the server through the MCP hub. Nothing
 * a server says (its descriptions, its results) changes an approval, reaches the memory folder
 * or opens anything: results are text for Claude, cut to a size.
 */

/** The longest tool description listed for Claude (the API takes any length; the prompt pays). */
export const DESCRIPTION_MAX = 4_000

export interface McpToolLike {
  server: string
  name: string
  title?: string | undefined
  description?: string | undefined
  inputSchema: Record<string, unknown>
  annotations?: { title?: string | undefined; readOnlyHint?: boolean | undefined } | undefined
}

/** What the provider needs of the MCP hub (services/mcp). */
export interface McpToolSource {
  /** The same array until the tools change: what is built from it is built once per list. */
  tools(): readonly McpToolLike[]
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal
      /** The chat the call runs for: a question the server asks meanwhile is shown there. */
      conversationId?: string
      onProgress?: (p: { progress: number; total?: number; message?: string }) => void
    }
  ): Promise<{
    content: Array<Record<string, unknown>>
    isError: boolean
    structuredContent?: unknown
  }>
}

/** How a tool's calls are approved: asked every time, once per chat, or never asked. */
export type McpToolApproval = 'ask' | 'once-per-chat' | 'always'

/** A call the user is asked about: the server, the tool, its arguments. */
export interface McpCallPreview {
  server: string
  serverName: string
  tool: string
  title: string
  arguments: Record<string, unknown>
}

export type McpDecision =
  { go: true; remember?: 'once-per-chat' | 'always' } | { go: false; reason: string | null }

export interface McpProviderDeps {
  server: { id: string; name: string }
  source: McpToolSource
  approvalOf(server: string, tool: string): McpToolApproval
  /** Asks the user; absent: calls that must be asked are declined (nothing runs unasked). */
  ask?: (
    preview: McpCallPreview,
    context: ToolCallContext & { toolUseId: string }
  ) => Promise<McpDecision>
  /** Remembers "Always allow" for a tool (Settings → Tools keeps it). */
  allowAlways?: (server: string, tool: string) => Promise<unknown>
  /** Tools the user allowed for this chat (answered "Allow for this chat"), by API name. */
  allowedInChat: Set<string>
  /** Keeps a result's image as an attached one (absent: images are named, not passed on). */
  keepImage?: KeepImage
}

/** One server's part of a tool list: its tools by API name, and their definitions as listed. */
interface ServerTools {
  byName: Map<string, McpToolLike>
  definitions: BetaToolUnion[]
}

/**
 * Built once per tool list the hub answers (it answers the same array until a server's tools
 * change), not per request: with hundreds of tools, every turn of every chat would otherwise
 * rebuild the same definitions before its first token.
 */
const built = new WeakMap<readonly McpToolLike[], Map<string, ServerTools>>()

function serverTools(all: readonly McpToolLike[], server: string): ServerTools {
  let servers = built.get(all)
  if (!servers) built.set(all, (servers = new Map()))
  let mine = servers.get(server)
  if (mine) return mine
  const byName = new Map(
    all.filter((t) => t.server === server).map((t) => [apiToolName(server, t.name), t] as const)
  )
  // Frozen: shared by every request from this list, so nothing may change one in place.
  const definitions = [...byName].map(([name, tool]) =>
    Object.freeze({
      name,
      // A server's words are untrusted: a description is cut before it can flood the prompt.
      ...(tool.description ? { description: tool.description.slice(0, DESCRIPTION_MAX) } : {}),
      input_schema: { type: 'object', ...tool.inputSchema } as { type: 'object' }
    })
  )
  servers.set(server, (mine = { byName, definitions }))
  return mine
}

export function mcpProvider(deps: McpProviderDeps): ToolProvider {
  const { server, source } = deps
  const toolsNow = () => serverTools(source.tools(), server.id).byName
  return {
    id: `mcp:${server.id}`,
    // A copy: the request may be given it, and the built list stays as built. Hundreds of them
    // wait behind tool search instead of filling every prompt.
    offer: () => ({
      definitions: [...serverTools(source.tools(), server.id).definitions],
      deferrable: true
    }),
    runs: (name) => toolsNow().has(name),
    describe(call) {
      const tool = toolsNow().get(call.name)
      return { action: tool ? titleOf(tool) : call.name, target: server.name }
    },
    async run(call, context): Promise<ToolRun> {
      const tool = toolsNow().get(call.name)
      if (!tool) return failed(`the ${server.name} server no longer offers ${call.name}.`)
      // Kept beside the result, so a saved call shows as it did while it ran.
      const shown = { action: titleOf(tool), target: server.name }
      return { ...(await callOn(tool, call, context)), shown }
    }
  }

  async function callOn(
    tool: McpToolLike,
    call: { id: string; name: string; input: Record<string, unknown> },
    context: ToolCallContext
  ): Promise<ToolRun> {
    const decision = await decide(deps, tool, call, context)
    if (!decision.go) return declined(decision.reason)
    try {
      const result = await source.callTool(server.id, tool.name, call.input, {
        signal: context.signal,
        conversationId: context.conversationId,
        onProgress: (p) => context.progress?.(progressWords(p))
      })
      const { text, images } = await resultContent(
        result.content,
        result.structuredContent,
        deps.keepImage
      )
      return { content: text, is_error: result.isError, ...(images.length ? { images } : {}) }
    } catch (error) {
      if (context.signal.aborted)
        return failed('the user stopped the reply; the call was cancelled.')
      return failed(error instanceof Error ? error.message : String(error))
    }
  }
}

async function decide(
  deps: McpProviderDeps,
  tool: McpToolLike,
  call: { id: string; name: string; input: Record<string, unknown> },
  context: ToolCallContext
): Promise<McpDecision> {
  const approval = deps.approvalOf(tool.server, tool.name)
  if (approval === 'always') return { go: true }
  // Allowed for this chat (the card's "Allow for this chat"), whatever the tool's setting.
  if (deps.allowedInChat.has(call.name)) return { go: true }
  if (!deps.ask) return { go: false, reason: null }
  const decision = await deps.ask(
    {
      server: tool.server,
      serverName: deps.server.name,
      tool: tool.name,
      title: titleOf(tool),
      arguments: call.input
    },
    { ...context, toolUseId: call.id }
  )
  // "Ask once per chat": the first Allow counts for the rest of the chat.
  if (decision.go && (decision.remember === 'once-per-chat' || approval === 'once-per-chat'))
    deps.allowedInChat.add(call.name)
  if (decision.go && decision.remember === 'always')
    // The call runs now either way; a setting not saved only means asking again next time.
    await deps.allowAlways?.(tool.server, tool.name).catch(() => undefined)
  return decision
}

/** "Step 3 of 10: reading", as the running chip says it. */
function progressWords(p: { progress: number; total?: number; message?: string }): string {
  const count = p.total ? `${p.progress} of ${p.total}` : `${p.progress}`
  return p.message ? `${p.message} (${count})` : `Working… (${count})`
}

function titleOf(tool: McpToolLike): string {
  return tool.title ?? tool.annotations?.title ?? tool.name
}

function failed(why: string): ToolRun {
  return { content: `Error: ${why}`, is_error: true }
}

function declined(reason: string | null): ToolRun {
  const why = reason?.trim()
  return {
    content: `${why ? `The user declined this call: ${why}` : 'The user declined this call.'}\nNothing was run. Do not call this tool again for the same thing unless the user asks for it.`,
    is_error: true
  }
}
