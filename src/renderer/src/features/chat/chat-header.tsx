import { PanelLeftClose, PanelLeftOpen, ShieldQuestionMark, SquarePen } from 'lucide-react'
import { modifierLabel } from '../../lib/platform'
import { ChatOptions } from './composer/chat-options'
import { ThinkingControl } from './thinking/thinking-control'
import { projectName } from '../projects/use-projects'
import { ProjectChip } from './project-chip'
import type { ChatViewState } from './use-chat-view'

/**
 * The Chat view's header: the list's toggle (with New chat and the chat that waits while the list
 * is hidden), the open chat's project and title, and its options.
 */
export function ChatHeader({
  chat,
  listCollapsed,
  onToggleList
}: {
  chat: ChatViewState
  listCollapsed: boolean
  onToggleList?(): void
}) {
  const { current, currentTitle, openSummary, waitingElsewhere, waitingTitle } = chat
  return (
    // One row where it fits: the title truncates first, the controls keep their size (icons
    // only below a wide header); a narrow header gives the title its own row and the controls
    // the next.
    <header className="@container flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-line px-5 py-3">
      {onToggleList ? (
        <button
          type="button"
          className="-ml-2 rounded p-1.5 text-muted hover:bg-fg/10 hover:text-fg"
          aria-label={listCollapsed ? 'Show conversations' : 'Hide conversations'}
          aria-expanded={!listCollapsed}
          aria-keyshortcuts="Control+Shift+B Meta+Shift+B"
          title={`${listCollapsed ? 'Show' : 'Hide'} conversations (${modifierLabel()}Shift+B)`}
          onClick={onToggleList}
        >
          {listCollapsed ? (
            <PanelLeftOpen size={18} aria-hidden />
          ) : (
            <PanelLeftClose size={18} aria-hidden />
          )}
        </button>
      ) : null}
      {listCollapsed ? (
        <button
          type="button"
          className="rounded p-1.5 text-muted hover:bg-fg/10 hover:text-fg"
          aria-label="New chat"
          title={`New chat (${modifierLabel()}N)`}
          onClick={() => chat.create()}
        >
          <SquarePen size={18} aria-hidden />
        </button>
      ) : null}
      {listCollapsed && waitingElsewhere ? (
        <button
          type="button"
          className="rounded p-1.5 text-warning hover:bg-fg/10"
          aria-label={`Open ${waitingTitle} (waiting for your approval)`}
          title={`Claude is waiting for your approval in “${waitingTitle}”`}
          onClick={() => chat.selection.select(waitingElsewhere.conversationId)}
        >
          <ShieldQuestionMark size={18} aria-hidden />
        </button>
      ) : null}
      {/* An open chat's title takes the heading's place (it says more than "Chat", which
          stays the heading for screen readers and the view's name). */}
      <h1 className={currentTitle ? 'sr-only' : 'text-xl font-semibold tracking-tight'}>Chat</h1>
      {current && openSummary?.space ? (
        <ProjectChip
          name={projectName(chat.projects, openSummary.space)}
          onOpen={() => openSummary.space && chat.projectDialogs.settings(openSummary.space)}
        />
      ) : null}
      <p
        className={`min-w-0 flex-[1_1_4rem] truncate text-base font-semibold tracking-tight ${currentTitle ? '@max-xl:basis-[calc(100%-5rem)]' : ''}`}
        title={currentTitle || undefined}
      >
        {currentTitle}
      </p>
      {current ? (
        <ChatOptions key={current} conversationId={current} onChange={chat.headerChanged} />
      ) : null}
      <ThinkingControl conversation={openSummary} onSaved={chat.headerChanged} />
    </header>
  )
}
