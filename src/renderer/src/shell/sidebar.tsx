import { Keyboard, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { CairnMark } from '../components/icons'
import { ViewTabs, type ViewTab } from '../components/view-tabs'
import { modifierLabel } from '../lib/platform'
import type { ViewId } from './use-views'

/** The app's sidebar: the brand, the view tabs, and at its foot the shortcuts, collapse, version. */
export function Sidebar({
  tabs,
  view,
  onSelect,
  collapsed,
  onToggle,
  onShortcuts,
  version
}: {
  tabs: readonly ViewTab<ViewId>[]
  view: ViewId
  onSelect(view: ViewId): void
  collapsed: boolean
  onToggle(): void
  onShortcuts(): void
  version: string | null
}) {
  return (
    <nav className="sidebar" aria-label="Cairn">
      <div className="brand">
        <span className="brand__mark">
          <CairnMark />
        </span>
        <span className="brand__name">Cairn</span>
      </div>
      <ViewTabs tabs={tabs} selected={view} onSelect={onSelect} />
      <div className="sidebar__footer">
        <button
          type="button"
          className="sidebar__toggle"
          aria-keyshortcuts="Control+/ Meta+/"
          title={`Keyboard shortcuts (${modifierLabel()}/)`}
          onClick={onShortcuts}
        >
          <Keyboard size={16} aria-hidden />
          <span className="sidebar__toggle-label">Keyboard shortcuts</span>
        </button>
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={!collapsed}
          aria-keyshortcuts="Control+B Meta+B"
          title={`${collapsed ? 'Expand' : 'Collapse'} the sidebar (${modifierLabel()}B)`}
          onClick={onToggle}
        >
          {collapsed ? (
            <PanelLeftOpen size={16} aria-hidden />
          ) : (
            <PanelLeftClose size={16} aria-hidden />
          )}
          <span className="sidebar__toggle-label">
            {collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          </span>
        </button>
        <p className="sidebar__version">{version ? `Version ${version}` : '\u00a0'}</p>
      </div>
    </nav>
  )
}
