import type { ProjectDefaults } from '@shared/projects/projects'
import { useMcpOverview } from '../../lib/hooks/use-mcp-overview'
import { PanelSwitch } from '../chat/composer/header-panel'
import { WEB_FETCH_HELP, WEB_SEARCH_HELP } from '../chat/web/web-control'
import { useSettingsState } from '../settings/use-settings-state'

export type ToolDefaults = Pick<ProjectDefaults, 'memory' | 'webSearch' | 'webFetch' | 'serversOff'>

/**
 * The tools a new chat in the project starts with: its memory switch, web search and fetch, and
 * which MCP servers are on; the same switches each chat's header has, which still change them
 * per chat. A memory switch the user never touched follows Settings ("New chats without memory").
 */
export function DefaultToolsField({
  value,
  onChange
}: {
  value: ToolDefaults
  onChange(change: ToolDefaults): void
}) {
  const { settings } = useSettingsState()
  const { overview } = useMcpOverview()
  const servers = (overview?.servers ?? []).filter((s) => s.enabled)
  const memoryOn = (value.memory ?? settings?.newChatMemory ?? 'on') === 'on'
  const off = new Set(value.serversOff ?? [])
  const toggleServer = (id: string) => {
    const next = off.has(id) ? [...off].filter((s) => s !== id) : [...off, id]
    onChange({ serversOff: next })
  }
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-line p-3 text-sm">
      <legend className="px-1 text-[13px] font-medium">Tools</legend>
      <PanelSwitch
        label="Memory"
        help={
          memoryOn
            ? "Claude reads and writes this project's memory."
            : 'New chats start without memory: Claude neither reads nor writes it.'
        }
        checked={memoryOn}
        onToggle={() => onChange({ memory: memoryOn ? 'off' : 'on' })}
      />
      <PanelSwitch
        label="Search the web"
        help={WEB_SEARCH_HELP}
        checked={value.webSearch ?? false}
        onToggle={() => onChange({ webSearch: !value.webSearch })}
      />
      <PanelSwitch
        label="Read web pages"
        help={WEB_FETCH_HELP}
        checked={value.webFetch ?? false}
        onToggle={() => onChange({ webFetch: !value.webFetch })}
      />
      {servers.map((server) => (
        <PanelSwitch
          key={server.id}
          label={server.name}
          help={`MCP server, ${server.tools.length} ${server.tools.length === 1 ? 'tool' : 'tools'}.`}
          checked={!off.has(server.id)}
          onToggle={() => toggleServer(server.id)}
        />
      ))}
      <p className="text-xs text-muted">
        Web tools apply where the chat&apos;s model offers them.{' '}
        {servers.length === 0
          ? 'MCP servers show here once Settings → Tools has one.'
          : 'Servers are those on in Settings → Tools.'}
      </p>
    </fieldset>
  )
}
