import { useEffect, useRef, useState } from 'react'
import { Server } from 'lucide-react'
import type { McpResourceInfo } from '@shared/mcp/prompts'
import { useMcpOverview } from '../../../lib/hooks/use-mcp-overview'
import { ResourcePanel } from './resource-panel'

/**
 * "Attach from server", beside the file button: the resources of this chat's MCP servers, with a
 * search box that drives the list (arrows, Enter, Escape). Choosing one attaches it to the next
 * message. Shown once there is a server in Settings → Tools.
 */
export function ResourcePicker({
  conversationId,
  onAttach
}: {
  conversationId: string
  onAttach(resource: McpResourceInfo): void
}) {
  const { overview } = useMcpOverview()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [open])
  if (!overview?.servers.some((s) => s.enabled)) return null
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    // Not positioned: the panel opens over the whole composer row, as the slash list does.
    <div ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--quiet px-2"
        aria-label="Attach from server"
        title="Attach a resource from one of this chat's MCP servers"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Server size={16} aria-hidden />
      </button>
      {open ? (
        <ResourcePanel
          conversationId={conversationId}
          onClose={close}
          onChoose={(resource) => {
            close()
            onAttach(resource)
          }}
        />
      ) : null}
    </div>
  )
}
