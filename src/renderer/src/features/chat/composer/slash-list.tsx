import type { McpPromptInfo } from '@shared/mcp/prompts'
import { commandOf } from './use-slash-prompts'

/** The id of a slash list's option (the composer points `aria-activedescendant` at it). */
export const optionId = (listId: string, index: number) => `${listId}-${index}`

/**
 * The prompts a `/` at the start of the message offers, above the composer: a listbox the text
 * box drives (arrows, Enter, Escape). What a server says is shown as text, never as HTML.
 */
export function SlashList({
  id,
  loaded,
  matches,
  problems,
  active,
  onHover,
  onChoose
}: {
  id: string
  loaded: boolean
  matches: McpPromptInfo[]
  problems: string[]
  active: number
  onHover(index: number): void
  onChoose(prompt: McpPromptInfo): void
}) {
  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mb-2 flex max-h-72 flex-col overflow-hidden rounded-card border border-line bg-surface text-sm shadow-xl">
      <p className="border-b border-line px-3 py-1.5 text-xs text-muted">
        Prompts from this chat&apos;s MCP servers · ↑↓ to move, Enter to choose, Esc to close
      </p>
      {matches.length > 0 ? (
        <ul id={id} role="listbox" aria-label="Prompts" className="overflow-y-auto py-1">
          {matches.map((prompt, index) => (
            <li
              key={`${prompt.server}/${prompt.name}`}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer flex-col px-3 py-1.5 ${index === active ? 'bg-accent-soft' : ''}`}
              // Keeps the focus in the text box, so typing goes on there.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onChoose(prompt)}
            >
              <span className="flex min-w-0 items-baseline gap-2">
                <span className="truncate font-mono font-medium">{commandOf(prompt)}</span>
                {prompt.title ? <span className="truncate text-muted">{prompt.title}</span> : null}
              </span>
              {prompt.description ? (
                <span className="truncate text-xs text-muted">{prompt.description}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="px-3 py-2 text-muted">
          {!loaded
            ? 'Reading the prompts…'
            : 'No prompt matches. Prompts come from the MCP servers on for this chat (Settings → Tools adds servers).'}
        </p>
      )}
      {problems.map((problem) => (
        <p key={problem} className="border-t border-line px-3 py-1.5 text-xs text-danger">
          {problem}
        </p>
      ))}
    </div>
  )
}
