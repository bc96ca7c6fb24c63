import { useEffect, useState, type ReactNode } from 'react'
import { ChatIcon, MemoryIcon, SettingsIcon } from './components/icons'
import { LoadErrorBanner, NoticeBanner } from './components/notice-banner'
import { panelId, tabId, type ViewTab } from './components/view-tabs'
import { ChatView } from './features/chat/chat-view'
import { useWaitingTabs } from './features/chat/approvals/waiting-count'
import { ShortcutsDialog } from './features/shortcuts/shortcuts-dialog'
import { MemoryPanel, SettingsPanel } from './lazy-views'
import { useSettingsState, type SettingsController } from './features/settings/use-settings-state'
import { useLayout } from './lib/hooks/use-layout'
import { useAppInfo } from './lib/hooks/use-app-info'
import { LinkBanner } from './features/links/link-banner'
import { useIncomingLinks } from './features/links/use-incoming-links'
import { UpdateBanner } from './features/updates/update-banner'
import { useUpdates, type UpdatesController } from './features/updates/use-updates'
import { Sidebar } from './shell/sidebar'
import { useAppShortcuts } from './shell/use-app-shortcuts'
import { useViews, type ViewId } from './shell/use-views'

export type { ViewId } from './shell/use-views'

const VIEWS: readonly ViewTab<ViewId>[] = [
  { id: 'chat', label: 'Chat', icon: <ChatIcon />, digit: '1' },
  { id: 'memory', label: 'Memory', icon: <MemoryIcon />, digit: '2' },
  { id: 'settings', label: 'Settings', icon: <SettingsIcon />, digit: '3' }
]

export function App() {
  const views = useViews()
  const { view } = views
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  const links = useIncomingLinks({
    openConversation: views.openConversation,
    openMemory: views.openMemory,
    newChat: views.newChat
  })
  const layout = useLayout()
  const settings = useSettingsState()
  const info = useAppInfo()
  const updates = useUpdates()
  const theme = settings.settings?.theme ?? 'system'
  // The Chat tab counts the chats where Claude waits for an approval, seen from any view.
  const tabs = useWaitingTabs(VIEWS, 'chat')
  useAppShortcuts({
    views,
    tabs: VIEWS,
    togglePane: layout.toggle,
    toggleShortcuts: () => setShortcutsOpen((open) => !open)
  })

  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])

  return (
    <div className="app" data-sidebar={layout.collapsed.sidebar ? 'collapsed' : undefined}>
      <Sidebar
        tabs={tabs}
        view={view}
        onSelect={views.setView}
        collapsed={layout.collapsed.sidebar}
        onToggle={() => layout.toggle('sidebar')}
        onShortcuts={() => setShortcutsOpen(true)}
        version={info?.version ?? null}
      />
      <main className="content" aria-busy={settings.phase === 'loading' || undefined}>
        <Banners links={links} settings={settings} updates={updates} />
        <ViewPanel id="chat" view={view} fill>
          <ChatView
            onOpenSettings={views.openSettings}
            onOpenMemory={views.openMemory}
            newChatSignal={views.newChatSignal}
            newChatWithoutMemorySignal={views.newChatWithoutMemorySignal}
            newChatText={views.newChatText}
            openRequest={views.chatRequest}
            active={view === 'chat'}
            listCollapsed={layout.collapsed.conversations}
            onToggleList={() => layout.toggle('conversations')}
            onSpaceInView={views.setChatSpace}
          />
        </ViewPanel>
        <ViewPanel id="memory" view={view} fill>
          <MemoryPanel
            shown={view === 'memory'}
            info={info}
            settings={settings.settings}
            openRequest={views.memoryRequest}
            onOpenConversation={views.openConversation}
            chatSpace={views.chatSpace}
          />
        </ViewPanel>
        <ViewPanel id="settings" view={view}>
          <SettingsPanel
            state={settings}
            info={info}
            active={view === 'settings'}
            keyFocusSignal={views.keyFocus}
          />
        </ViewPanel>
      </main>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  )
}

/** One view's tab panel, kept mounted while hidden (each view keeps its state across switches). */
function ViewPanel({
  id,
  view,
  fill = false,
  children
}: {
  id: ViewId
  view: ViewId
  fill?: boolean
  children: ReactNode
}) {
  return (
    <section
      id={panelId(id)}
      role="tabpanel"
      aria-labelledby={tabId(id)}
      className={fill ? 'panel panel--fill' : 'panel'}
      hidden={view !== id}
    >
      {children}
    </section>
  )
}

/** The banners above every view: a link to confirm, a notice, settings that failed, an update. */
function Banners({
  links,
  settings,
  updates
}: {
  links: ReturnType<typeof useIncomingLinks>
  settings: SettingsController
  updates: UpdatesController
}) {
  return (
    // Hidden while empty (styles.css): each banner decides whether it shows.
    <div className="banners">
      {links.prompt ? (
        <LinkBanner
          prompt={links.prompt}
          onConfirm={links.confirmNewChat}
          onDismiss={links.dismiss}
        />
      ) : null}
      {settings.notice ? (
        <NoticeBanner notice={settings.notice} onDismiss={settings.dismissNotice} />
      ) : null}
      {settings.phase === 'failed' && settings.error ? (
        <LoadErrorBanner error={settings.error} onRetry={settings.retry} />
      ) : null}
      <UpdateBanner updates={updates} />
    </div>
  )
}
