import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Server } from 'lucide-react'
import { formatBytes } from '@shared/chat/attachments'
import type { McpResourceInfo, McpResourceList } from '@shared/mcp/prompts'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { useMcpOverview } from '../../../lib/hooks/use-mcp-overview'

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

const SHOWN_MAX = 100

function ResourcePanel({
  conversationId,
  onChoose,
  onClose
}: {
  conversationId: string
  onChoose(resource: McpResourceInfo): void
  onClose(): void
}) {
  const id = useId()
  const [list, setList] = useState<McpResourceList | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  useEffect(() => {
    let live = true
    call((api) => api.mcp.listResources({ conversationId })).then(
      (next) => live && setList(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    return () => {
      live = false
    }
  }, [conversationId])
  const found = useMemo(() => {
    const q = query.trim().toLowerCase()
    return (list?.resources ?? []).filter((r) =>
      [r.name, r.title ?? '', r.uri, r.serverName].some((s) => s.toLowerCase().includes(q))
    )
  }, [list, query])
  // A server may list thousands: the first ones are shown, the search finds the rest.
  const matches = found.slice(0, SHOWN_MAX)
  const current = Math.min(active, Math.max(0, matches.length - 1))
  const option = (index: number) => `${id}-option-${index}`
  const problems = [...(list?.problems ?? []), ...(problem ? [problem] : [])]
  return (
    <div
      role="dialog"
      aria-label="Attach from server"
      className="absolute right-0 bottom-full left-0 z-20 mb-2 flex max-h-96 flex-col overflow-hidden rounded-card border border-line bg-surface text-sm shadow-xl"
    >
      <div className="border-b border-line p-2">
        <label className="sr-only" htmlFor={`${id}-search`}>
          Search resources
        </label>
        <input
          id={`${id}-search`}
          className="input w-full"
          role="combobox"
          aria-expanded={matches.length > 0}
          aria-controls={matches.length > 0 ? `${id}-list` : undefined}
          aria-autocomplete="list"
          aria-activedescendant={matches.length > 0 ? option(current) : undefined}
          placeholder="Search resources…"
          autoFocus
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
          }}
          onKeyDown={(event) => {
            const n = matches.length
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault()
              if (n > 0) setActive((current + (event.key === 'ArrowDown' ? 1 : n - 1)) % n)
            } else if (event.key === 'Enter') {
              event.preventDefault()
              const chosen = matches[current]
              if (chosen) onChoose(chosen)
            } else if (event.key === 'Escape') {
              // Closes the panel only (a running answer goes on).
              event.preventDefault()
              event.stopPropagation()
              onClose()
            }
          }}
        />
      </div>
      {matches.length > 0 ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Resources"
          className="overflow-y-auto py-1"
        >
          {matches.map((resource, index) => (
            <li
              key={`${resource.server} ${resource.uri}`}
              id={option(index)}
              role="option"
              aria-selected={index === current}
              className={`flex cursor-pointer flex-col px-3 py-1.5 ${index === current ? 'bg-accent-soft' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => onChoose(resource)}
            >
              <span className="truncate font-medium">{resource.title ?? resource.name}</span>
              <span className="truncate text-xs text-muted">
                {resource.serverName} · <span className="font-mono">{resource.uri}</span>
                {resource.mimeType ? ` · ${resource.mimeType}` : ''}
                {resource.size !== undefined ? ` · ${formatBytes(resource.size)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="px-3 py-2 text-muted">
          {!list && !problem
            ? 'Reading the resources…'
            : list?.resources.length
              ? 'No resource matches the search.'
              : 'No MCP server on for this chat offers resources (Settings → Tools adds servers).'}
        </p>
      )}
      {found.length > SHOWN_MAX ? (
        <p className="border-t border-line px-3 py-1.5 text-xs text-muted">
          The first {SHOWN_MAX} of {found.length} are shown; type to narrow them down.
        </p>
      ) : null}
      {problems.map((text) => (
        <p key={text} className="border-t border-line px-3 py-1.5 text-xs text-danger">
          {text}
        </p>
      ))}
    </div>
  )
}
