import { Globe } from 'lucide-react'
import type { ConversationOptions } from '@shared/chat/channels'
import type { ModelOption } from '@shared/chat/models'
import { HeaderPanel, PanelSwitch } from '../composer/header-panel'

/** What each web switch does, said the same wherever it is offered. */
export const WEB_SEARCH_HELP =
  'Anthropic runs the searches ($10 per 1,000, in the cost); answers cite their sources.'
export const WEB_FETCH_HELP =
  'Claude may fetch pages it found or you named (their text counts as input tokens).'

/**
 * Web search and web fetch for one chat, in its header: offered only where the model's
 * capabilities list web search. Off by default; which sites they may use is a setting.
 */
export function WebControl({
  options,
  model,
  onChange
}: {
  options: ConversationOptions
  model: ModelOption | null | undefined
  onChange(change: { webSearch?: boolean; webFetch?: boolean }): void
}) {
  if (!model?.caps?.webSearch) return null
  const { webSearch, webFetch } = options
  const label =
    webSearch && webFetch
      ? 'Web: search, read'
      : webSearch
        ? 'Web: search'
        : webFetch
          ? 'Web: read'
          : 'Web off'
  return (
    <HeaderPanel
      active={webSearch || webFetch}
      title={`${label}: web search and reading pages, for this chat`}
      panelLabel="Web search and fetch"
      label={
        <>
          <Globe size={14} aria-hidden className="shrink-0" />
          <span className="sr-only @5xl:not-sr-only">{label}</span>
        </>
      }
    >
      <PanelSwitch
        label="Search the web"
        help={WEB_SEARCH_HELP}
        checked={webSearch}
        onToggle={() => onChange({ webSearch: !webSearch })}
      />
      <PanelSwitch
        label="Read web pages"
        help={WEB_FETCH_HELP}
        checked={webFetch}
        onToggle={() => onChange({ webFetch: !webFetch })}
      />
      <p className="text-xs text-muted">
        Which sites they may use: Settings → Web search and fetch.
      </p>
    </HeaderPanel>
  )
}
