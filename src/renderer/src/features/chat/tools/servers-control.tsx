import { Wrench } from 'lucide-react'
import type { ConversationOptions } from '@shared/chat/channels'
import { useMcpOverview } from '../../../lib/hooks/use-mcp-overview'
import { HeaderPanel, PanelSwitch } from '../composer/header-panel'

/**
 * The MCP servers this chat uses, in its header beside Web: every enabled server is on unless
 * the chat turned it off. Shown only once there is a server (Settings → Tools adds them).
 */
export function ServersControl({
  options,
  onChange
}: {
  options: ConversationOptions
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
          help={
            server.status.state === 'connected'
              ? `${server.tools.length} ${server.tools.length === 1 ? 'tool' : 'tools'}`
              : 'Not connected now: Settings → Tools says why'
          }
          checked={!off.has(server.id)}
          onToggle={() => toggle(server.id)}
        />
      ))}
      <p className="text-xs text-muted">
        Turning a server on or off changes Claude&apos;s tools: the next message is sent without the
        prompt cache, so it costs more once.
      </p>
    </HeaderPanel>
  )
}
