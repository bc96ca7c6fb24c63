import { formatBytes } from '@shared/chat/attachments'
import type { McpResourceInfo } from '@shared/mcp/prompts'

/** One resource in the list: its title, server, address, type and size. */
export function ResourceOption(props: {
  resource: McpResourceInfo
  id: string
  active: boolean
  onHover(): void
  onChoose(): void
}) {
  const { resource } = props
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.active}
      className={`flex cursor-pointer flex-col px-3 py-1.5 ${props.active ? 'bg-accent-soft' : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={props.onHover}
      onClick={props.onChoose}
    >
      <span className="truncate font-medium">{resource.title ?? resource.name}</span>
      <span className="truncate text-xs text-muted">
        {resource.serverName} · <span className="font-mono">{resource.uri}</span>
        {resource.mimeType ? ` · ${resource.mimeType}` : ''}
        {resource.size !== undefined ? ` · ${formatBytes(resource.size)}` : ''}
      </span>
    </li>
  )
}
