import { useEffect, useEffectEvent, useState, type ReactNode } from 'react'
import { Keyboard, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { CairnMark, ChatIcon, MemoryIcon, SettingsIcon } from './components/icons'
import { LoadErrorBanner, NoticeBanner } from './components/notice-banner'
import { panelId, tabId, ViewTabs, type ViewTab } from './components/view-tabs'
import { ChatView } from './features/chat/chat-view'
import { useWaitingTabs } from './features/chat/approvals/waiting-count'
import { ShortcutsDialog } from './features/shortcuts/shortcuts-dialog'
import { MemoryPanel, SettingsPanel } from './lazy-views'
import { useSettingsState } from './features/settings/use-settings-state'
import { focusSoon, onNavigate } from './lib/navigation'
import { isPrimaryShortcut, isShiftedShortcut, modifierLabel } from './lib/platform'
import { useLayout } from './lib/hooks/use-layout'
import { fieldId } from './features/settings/field-labels'
import { useAppInfo } from './lib/hooks/use-app-info'
import { onEvent } from './lib/api'
import { LinkBanner } from './features/links/link-banner'
import { useIncomingLinks } from './features/links/use-incoming-links'
import { UpdateBanner } from './features/updates/update-banner'
import { useUpdates } from './features/updates/use-updates'

export type ViewId = 'chat' | 'memory' | 'settings'

const VIEWS: readonly ViewTab<ViewId>[] = [
  { id: 'chat', label: 'Chat', icon: <ChatIcon />, digit: '1' },
  { id: 'memory', label: 'Memory', icon: <MemoryIcon />, digit: '2' },
  { id: 'settings', label: 'Settings', icon: <SettingsIcon />, digit: '3' }
]

/** Ctrl/Cmd+1/2/3 by key or by physical key, so layouts where 1 needs Shift still work. */
function shortcutView(event: KeyboardEvent): ViewId | null {
  if (!isPrimaryShortcut(event)) return null
  const digit = /^Digit([1-9])$/.exec(event.code)?.[1] ?? event.key
  return VIEWS.find((view) => view.digit === digit)?.id ?? null
}

export function App() {
  const [view, setView] = useState<ViewId>('chat')
  const [newChatSignal, setNewChatSignal] = useState(0)
  const [newChatWithoutMemorySignal, setNewChatWithoutMemorySignal] = useState(0)
  const [memoryRequest, setMemoryRequest] = useState<{ path: string; n: number } | null>(null)
  /** Bumped when something sends the user to the API key field (a key Anthropic refused). */
  const [keyFocus, setKeyFocus] = useState(0)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  /** The memory space of the chat in view: Memory shows it unless another is chosen there. */
  const [chatSpace, setChatSpace] = useState<string | undefined>(undefined)
  const openMemory = (path: string) => {
    setMemoryRequest((r) => ({ path, n: (r?.n ?? 0) + 1 }))
    setView('memory')
  }
  const [chatRequest, setChatRequest] = useState<{ id: string; n: number } | null>(null)
  const openConversation = (id: string) => {
    setChatRequest((r) => ({ id, n: (r?.n ?? 0) + 1 }))
    setView('chat')
  }
  const showConversation = useEffectEvent((id: string) => openConversation(id))
  /** A new chat with text in its composer (a cairn://new link the user agreed to). */
  const [newChatText, setNewChatText] = useState<{ text: string; n: number } | null>(null)
  const links = useIncomingLinks({
    openConversation,
    openMemory,
    newChat: (text) => {
      setView('chat')
      if (text) setNewChatText((r) => ({ text, n: (r?.n ?? 0) + 1 }))
      else setNewChatSignal((n) => n + 1)
    }
  })
  const layout = useLayout()
  const settings = useSettingsState()
  const info = useAppInfo()
  const updates = useUpdates()
  const theme = settings.settings?.theme ?? 'system'
  // The Chat tab counts the chats where Claude waits for an approval, seen from any view.
  const tabs = useWaitingTabs(VIEWS, 'chat')

  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // Ctrl/Cmd+/ (Shift allowed: on some layouts / needs it): the keyboard shortcuts, or closes them.
    if (
      (event.ctrlKey || event.metaKey) &&
      !event.altKey &&
      (event.key === '/' || event.code === 'Slash')
    ) {
      event.preventDefault()
      setShortcutsOpen((open) => !open)
      return
    }
    // Ctrl/Cmd+B: the sidebar; Ctrl/Cmd+Shift+B: the conversation list.
    if (event.code === 'KeyB' || event.key.toLowerCase() === 'b') {
      const pane = isPrimaryShortcut(event)
        ? 'sidebar'
        : isShiftedShortcut(event)
          ? 'conversations'
          : null
      if (pane) {
        event.preventDefault()
        layout.toggle(pane)
        return
      }
    }
    const next = shortcutView(event)
    if (next) {
      event.preventDefault()
      // Focus inside a panel that is about to hide would fall to <body>: hand it to the new tab.
      const focusWasInPanel = document.activeElement?.closest('[role="tabpanel"]') !== null
      setView(next)
      if (focusWasInPanel)
        requestAnimationFrame(() => document.getElementById(tabId(next))?.focus())
      return
    }
    if (isPrimaryShortcut(event) && (event.key.toLowerCase() === 'n' || event.code === 'KeyN')) {
      event.preventDefault()
      setView('chat')
      setNewChatSignal((n) => n + 1)
      return
    }
    if (isShiftedShortcut(event) && (event.key.toLowerCase() === 'n' || event.code === 'KeyN')) {
      event.preventDefault()
      setView('chat')
      setNewChatWithoutMemorySignal((n) => n + 1)
      return
    }
    // Ctrl/Cmd+S would otherwise open the browser's "Save page" dialog; Settings handles it itself.
    if (isPrimaryShortcut(event) && (event.key.toLowerCase() === 's' || event.code === 'KeyS'))
      event.preventDefault()
  })
  // Quick ask's "Open in Cairn": main brought this window forward; show that conversation.
  useEffect(() => {
    try {
      return onEvent('window:show-conversation', ({ conversationId }) =>
        showConversation(conversationId)
      )
    } catch {
      return // outside Cairn: no main to hear from
    }
  }, [])
  // Links between views (a cap refusal opens its setting, a warning opens Memory).
  useEffect(
    () =>
      onNavigate((target) => {
        setView(target.view)
        if (target.view === 'settings' && target.field) focusSoon(fieldId(target.field))
      }),
    []
  )
  useEffect(() => {
    const listener = (event: KeyboardEvent): void => onKeyDown(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

  const panel = (id: ViewId, content: ReactNode, fill = false) => (
    <section
      key={id}
      id={panelId(id)}
      role="tabpanel"
      aria-labelledby={tabId(id)}
      className={fill ? 'panel panel--fill' : 'panel'}
      hidden={view !== id}
    >
      {content}
    </section>
  )

  return (
    <div className="app" data-sidebar={layout.collapsed.sidebar ? 'collapsed' : undefined}>
      <nav className="sidebar" aria-label="Cairn">
        <div className="brand">
          <span className="brand__mark">
            <CairnMark />
          </span>
          <span className="brand__name">Cairn</span>
        </div>
        <ViewTabs tabs={tabs} selected={view} onSelect={setView} />
        <div className="sidebar__footer">
          <button
            type="button"
            className="sidebar__toggle"
            aria-keyshortcuts="Control+/ Meta+/"
            title={`Keyboard shortcuts (${modifierLabel()}/)`}
            onClick={() => setShortcutsOpen(true)}
          >
            <Keyboard size={16} aria-hidden />
            <span className="sidebar__toggle-label">Keyboard shortcuts</span>
          </button>
          <button
            type="button"
            className="sidebar__toggle"
            aria-expanded={!layout.collapsed.sidebar}
            aria-keyshortcuts="Control+B Meta+B"
            title={`${layout.collapsed.sidebar ? 'Expand' : 'Collapse'} the sidebar (${modifierLabel()}B)`}
            onClick={() => layout.toggle('sidebar')}
          >
            {layout.collapsed.sidebar ? (
              <PanelLeftOpen size={16} aria-hidden />
            ) : (
              <PanelLeftClose size={16} aria-hidden />
            )}
            <span className="sidebar__toggle-label">
              {layout.collapsed.sidebar ? 'Expand sidebar' : 'Collapse sidebar'}
            </span>
          </button>
          <p className="sidebar__version">{info ? `Version ${info.version}` : '\u00a0'}</p>
        </div>
      </nav>
      <main className="content" aria-busy={settings.phase === 'loading' || undefined}>
        {/* Hidden while empty (styles.css): each banner decides whether it shows. */}
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
        {panel(
          'chat',
          <ChatView
            onOpenSettings={(focus) => {
              setView('settings')
              if (focus === 'apiKey') setKeyFocus((n) => n + 1)
            }}
            onOpenMemory={openMemory}
            newChatSignal={newChatSignal}
            newChatWithoutMemorySignal={newChatWithoutMemorySignal}
            newChatText={newChatText}
            openRequest={chatRequest}
            active={view === 'chat'}
            listCollapsed={layout.collapsed.conversations}
            onToggleList={() => layout.toggle('conversations')}
            onSpaceInView={setChatSpace}
          />,
          true
        )}
        {panel(
          'memory',
          <MemoryPanel
            shown={view === 'memory'}
            info={info}
            settings={settings.settings}
            openRequest={memoryRequest}
            onOpenConversation={openConversation}
            chatSpace={chatSpace}
          />,
          true
        )}
        {panel(
          'settings',
          <SettingsPanel
            state={settings}
            info={info}
            active={view === 'settings'}
            keyFocusSignal={keyFocus}
          />
        )}
      </main>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  )
}
