import { CairnError } from '@shared/errors'
import type { McpPromptList, McpPromptText } from '@shared/mcp/prompts'
import type { McpServerConfig } from '@shared/mcp/servers'
import { capped, partText } from '../chat/tools/mcp/tool-result'
import type { McpServerFeatures } from './connection'
import type { McpPromptMessage } from './features'

/*
 * MCP prompts as the composer's slash commands: listed from the servers on for a chat, and one
 * fetched (`prompts/get`) as text the user reads before sending. What a server says is untrusted:
 * text only, cut at the size a tool result is cut at.
 */

export interface ChatFeatureDeps {
  /** The servers the user turned on in Settings → Tools. */
  servers(): McpServerConfig[]
  /** A connected server's prompts and resources (throws in plain words when it is not). */
  features(server: string): McpServerFeatures
}

/** Each server on for a chat (enabled, not turned off in it), with what `read` found there. */
export async function fromServersOn<T>(
  deps: ChatFeatureDeps,
  serversOff: readonly string[],
  read: (server: McpServerConfig, features: McpServerFeatures) => Promise<T[]>
): Promise<{ items: T[]; problems: string[] }> {
  const off = new Set(serversOff)
  const on = deps.servers().filter((s) => s.enabled && !off.has(s.id))
  const found = await Promise.allSettled(on.map(async (s) => read(s, deps.features(s.id))))
  const items: T[] = []
  const problems: string[] = []
  for (const result of found)
    if (result.status === 'fulfilled') items.push(...result.value)
    else problems.push(reason(result.reason))
  return { items, problems }
}

/** A server's answer to one request, or a refusal the page shows with its next step. */
export async function asked<T>(
  deps: ChatFeatureDeps,
  server: string,
  work: (features: McpServerFeatures, config: McpServerConfig) => Promise<T>,
  nextStep: string
): Promise<T> {
  const config = deps.servers().find((s) => s.id === server)
  if (!config)
    throw new CairnError(
      'MCP_NOT_FOUND',
      `There is no MCP server "${server}" in Settings → Tools any more; it may have been removed or turned off.`
    )
  try {
    return await work(deps.features(server), config)
  } catch (error) {
    throw new CairnError('MCP_REQUEST_FAILED', `${reason(error)} ${nextStep}`.trim())
  }
}

export function promptCalls(deps: ChatFeatureDeps) {
  return {
    async listPrompts(serversOff: readonly string[]): Promise<McpPromptList> {
      const { items, problems } = await fromServersOn(deps, serversOff, async (server, features) =>
        (await features.listPrompts()).map((p) => ({
          ...p,
          server: server.id,
          serverName: server.name
        }))
      )
      return { prompts: items, problems }
    },

    getPrompt(server: string, name: string, args: Record<string, string>): Promise<McpPromptText> {
      return asked(
        deps,
        server,
        async (features) => ({ text: promptText(await features.getPrompt(name, args)) }),
        'Check the values you gave it and try again.'
      )
    }
  }
}

/**
 * A prompt's messages as one text for the composer. Messages all from the user are joined with a
 * blank line between them; a prompt that also has assistant messages (a worked example) keeps
 * who says what, each message under a "User:" or "Assistant:" line. Parts that are not text are
 * named in brackets (a resource's text is kept).
 */
export function promptText(messages: readonly McpPromptMessage[]): string {
  const parts = messages.map((m) => ({ role: m.role, text: partText(m.content) }))
  const withRoles = parts.some((p) => p.role === 'assistant')
  const text = parts
    .map((p) =>
      withRoles ? `${p.role === 'assistant' ? 'Assistant' : 'User'}:\n${p.text}` : p.text
    )
    .join('\n\n')
  return capped(text, 'prompt')
}

function reason(error: unknown): string {
  if (error instanceof CairnError) return error.detail
  return error instanceof Error ? error.message : String(error)
}
