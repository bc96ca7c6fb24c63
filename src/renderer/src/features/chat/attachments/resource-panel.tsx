import { useId } from 'react'
import type { McpResourceInfo } from '@shared/mcp/prompts'
import { ResourceOption } from './resource-option'
import { SHOWN_MAX, useResourceSearch } from './use-resource-search'

/** The panel: a search box driving the list of resources (arrows, Enter, Escape). */
export function ResourcePanel({
  conversationId,
  onChoose,
  onClose
}: {
  conversationId: string
  onChoose(resource: McpResourceInfo): void
  onClose(): void
}) {
  const id = useId()
  const { list, problem, query, setQuery, found, matches, current, setActive, problems } =
    useResourceSearch(conversationId)
  const option = (index: number) => `${id}-option-${index}`
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
            <ResourceOption
              key={`${resource.server} ${resource.uri}`}
              resource={resource}
              id={option(index)}
              active={index === current}
              onHover={() => setActive(index)}
              onChoose={() => onChoose(resource)}
            />
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
