import { Wrench } from 'lucide-react'
import type { ConversationOptions } from '@shared/chat/channels'
import type { ModelOption } from '@shared/chat/models'
import type { McpServerView } from '@shared/mcp/channels'
import { serverSwitchCost, TOOL_SEARCH_AFTER, usesToolSearch } from '@shared/chat/tool-search'
import { useMcpOverview } from '../../../lib/hooks/use-mcp-overview'
import { HeaderPanel, PanelSwitch } from '../composer/header-panel'

/**
 * The MCP servers this chat uses, in its header beside Web: every enabled server is on unless
 * the chat turned it off. Shown only once there is a server (Settings → Tools adds them). Each
 * switch says, before it is used, what it costs the next message: tool definitions added to (or
 * taken from) every prompt and the prompt cache written anew, or nothing up front when the
 * chat's tools are found by tool search (shared/chat/tool-search.ts).
 */
export function ServersControl({
  options,
  model,
  onChange
}: {
  options: ConversationOptions
  /** The chat's model as the API describes it (null or undefined: not known). */
  model: ModelOption | null | undefined
  onChange(serversOff: string[]): void
}) {
  const { overview } = useMcpOverview()
  const servers = (overview?.servers ?? []).filter((s) => s.enabled)
  if (servers.length === 0) return null
  const serversOff = options.serversOff ?? []
  const off = new Set(serversOff)
  const on = servers.filter((s) => !off.has(s.id)).length
  const label = on === 0 ? 'Tools off' : `Tools: ${on} of ${servers.length}`
  const toggle = (id: string) =>
    onChange(off.has(id) ? serversOff.filter((s) => s !== id) : [...serversOff, id])
  const caps = model?.caps
  const already = options.toolSearch === true
  const chatTools = servers
    .filter((s) => !off.has(s.id) && s.status.state === 'connected')
    .reduce((sum, s) => sum + s.tools.length, 0)
  const searching = usesToolSearch(chatTools, caps, already)
  const helpOf = (server: McpServerView) => {
    if (server.status.state !== 'connected') return 'Not connected now: Settings → Tools says why'
    const tools = countOf(server.tools.length)
    const cost = serverSwitchCost({
      serverTools: server.tools.length,
      chatTools,
      on: !off.has(server.id),
      caps,
      already
    })
    return `${tools}. ${costWords(cost, server.tools.length, !off.has(server.id))}`
  }
  return (
    <HeaderPanel
      active={on > 0}
      title={`${label}: the MCP servers Claude may use in this chat`}
      panelLabel="MCP servers in this chat"
      label={
        <>
          <Wrench size={14} aria-hidden className="shrink-0" />
          <span className="sr-only @5xl:not-sr-only">{label}</span>
        </>
      }
    >
      {servers.map((server) => (
        <PanelSwitch
          key={server.id}
          label={server.name}
          help={helpOf(server)}
          checked={!off.has(server.id)}
          onToggle={() => toggle(server.id)}
        />
      ))}
      <p className="text-xs text-muted">
        {searching
          ? `Claude finds this chat's ${countOf(chatTools)} by tool search, loading only those it needs.`
          : `Each tool's definition is sent with every message. Past ${TOOL_SEARCH_AFTER} tools, Claude finds them by tool search instead${caps ? '' : ' (where the API says the model takes it)'}.`}
      </p>
    </HeaderPanel>
  )
}

function countOf(count: number): string {
  return `${count} ${count === 1 ? 'tool' : 'tools'}`
}

/** What switching the server does to the next message, in a sentence. */
function costWords(cost: ReturnType<typeof serverSwitchCost>, tools: number, on: boolean): string {
  const definitions = `${tools} tool ${tools === 1 ? 'definition' : 'definitions'}`
  switch (cost) {
    case 'searched':
      return on
        ? 'Off: Claude can no longer find them; the prompt stays as it is.'
        : 'On: Claude can find them by search; nothing is added to the prompt up front.'
    case 'starts-search':
      return 'On: past the limit, this chat moves to tool search; the next message rebuilds the prompt cache once.'
    case 'rebuilds-cache':
      return on
        ? `Off: takes ${definitions} out of every message; the next one rebuilds the prompt cache.`
        : `On: adds ${definitions} to every message; the next one rebuilds the prompt cache.`
  }
}
