import type { KeyboardEvent, ReactNode } from 'react'
import { modifierLabel } from '../lib/platform'

export interface ViewTab<Id extends string> {
  id: Id
  label: string
  icon: ReactNode
  /** The digit used with Ctrl/Cmd to jump here. */
  digit: string
  /** A count that asks for the user (chats waiting for approval): seen as a number, read as `label`. */
  badge?: { count: number; label: string }
}

export const tabId = (view: string): string => `tab-${view}`
export const panelId = (view: string): string => `panel-${view}`
const badgeId = (view: string): string => `tab-${view}-badge`

interface ViewTabsProps<Id extends string> {
  tabs: readonly ViewTab<Id>[]
  selected: Id
  onSelect: (id: Id) => void
}

/** The sidebar nav: a vertical tablist (arrow keys, Home and End move and select; Tab leaves). */
export function ViewTabs<Id extends string>({ tabs, selected, onSelect }: ViewTabsProps<Id>) {
  const modifier = modifierLabel()

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const last = tabs.length - 1
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowRight: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last
    }[event.key]
    const next = target === undefined ? undefined : tabs[target]
    if (!next) return
    event.preventDefault()
    onSelect(next.id)
    const button = event.currentTarget.querySelector<HTMLElement>(`#${tabId(next.id)}`)
    button?.focus()
  }

  return (
    <div
      className="view-tabs"
      role="tablist"
      aria-label="Views"
      aria-orientation="vertical"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const active = tab.id === selected
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            className="view-tab"
            aria-selected={active}
            aria-controls={panelId(tab.id)}
            aria-keyshortcuts={`Control+${tab.digit} Meta+${tab.digit}`}
            // The tab keeps its name ("Chat"); the count is its description.
            aria-describedby={tab.badge ? badgeId(tab.id) : undefined}
            tabIndex={active ? 0 : -1}
            title={`${tab.label} (${modifier}${tab.digit})`}
            onClick={() => onSelect(tab.id)}
          >
            <span className="view-tab__icon">{tab.icon}</span>
            <span className="view-tab__label">{tab.label}</span>
            {tab.badge ? (
              <>
                <span className="view-tab__badge" aria-hidden="true" data-testid="tab-badge">
                  {tab.badge.count}
                </span>
                <span id={badgeId(tab.id)} hidden>
                  {tab.badge.label}
                </span>
              </>
            ) : null}
            <kbd className="view-tab__shortcut" aria-hidden="true">
              {modifier}
              {tab.digit}
            </kbd>
          </button>
        )
      })}
    </div>
  )
}
