import type { Conversation } from '@shared/chat/chat'
import type { Settings } from '@shared/app/settings'
import { MEMORY_OFF_RUNNER } from '../conversations/conversation-options'
import { memoryProvider, type MemoryProviderDeps } from './memory/memory-provider'
import { webProvider } from './web/web-provider'
import { mcpProvider, type McpProviderDeps, type McpToolSource } from './mcp/mcp-provider'
import { Toolbox } from './toolbox'

/** The MCP servers a chat may use, as the MCP service (services/mcp) tells them. */
export interface McpServers extends McpToolSource {
  servers(): Array<{ id: string; name: string }>
  approvalOf: McpProviderDeps['approvalOf']
  setToolApproval(server: string, tool: string, approval: 'always'): Promise<unknown>
}

export interface ChatToolDeps {
  memory?: MemoryProviderDeps
  mcp?: McpServers | undefined
  /** Asks the user about an MCP call (absent: calls that must be asked are declined). */
  askMcp?: McpProviderDeps['ask']
  /** The MCP tools the user allowed for this chat this session, by API name. */
  allowedInChat?: Set<string>
  /** Stores an MCP result's image as attached images are stored. */
  keepImage?: McpProviderDeps['keepImage']
}

/**
 * The providers of a chat, in the order their tools are listed: memory always (with memory off
 * it answers that memory is off), then the web tools the chat turned on, then each enabled MCP
 * server. Without `memory`, the toolbox only says what is offered (a request built outside a turn).
 */
export function chatToolbox(
  conversation: Partial<Pick<Conversation, 'web' | 'serversOff'>>,
  settings: Pick<Settings, 'webAllowedDomains' | 'webBlockedDomains'>,
  deps: ChatToolDeps = {}
): Toolbox {
  const { mcp } = deps
  const off = new Set(conversation.serversOff ?? [])
  const servers = (mcp?.servers() ?? [])
    .filter((s) => !off.has(s.id))
    .map((server) =>
      mcpProvider({
        server,
        source: mcp!,
        approvalOf: mcp!.approvalOf,
        allowAlways: (server, tool) => mcp!.setToolApproval(server, tool, 'always'),
        ...(deps.askMcp ? { ask: deps.askMcp } : {}),
        allowedInChat: deps.allowedInChat ?? new Set(),
        ...(deps.keepImage ? { keepImage: deps.keepImage } : {})
      })
    )
  return new Toolbox([
    memoryProvider(deps.memory ?? { runner: MEMORY_OFF_RUNNER }),
    webProvider(conversation, settings),
    ...servers
  ])
}
