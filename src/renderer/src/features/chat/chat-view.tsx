import { MessagesSquare } from 'lucide-react'
import { call } from '../../lib/api'
import { ConversationList } from './conversations/conversation-list'
import { DamagedNotice } from './conversations/damaged/damaged-notice'
import { DeletedNotice } from './conversations/deleted/deleted-notice'
import { WelcomeCard } from '../welcome/welcome-card'
import { MemorySpaceContext } from '../memory/memory-space'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { Conversation } from './conversation-pane'
import { ChatHeader } from './chat-header'
import { useChatView, type ChatViewInput, type ChatViewState } from './use-chat-view'

interface Props extends ChatViewInput {
  /** `apiKey`: with the key field focused (a key Anthropic refused). */
  onOpenSettings(focus?: 'apiKey'): void
  onOpenMemory(path: string): void
  /** The conversation list is hidden (Ctrl/Cmd+Shift+B or the header button shows it). */
  listCollapsed?: boolean
  onToggleList?(): void
}

/** Chat: conversations on the left, the selected one on the right. */
export function ChatView(props: Props) {
  const chat = useChatView(props)
  const { listCollapsed = false } = props
  return (
    <div className="flex h-full min-h-0">
      {listCollapsed ? null : <ChatList chat={chat} active={props.active} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader chat={chat} listCollapsed={listCollapsed} onToggleList={props.onToggleList} />
        {chat.error ? (
          <p role="alert" className="bg-danger-soft px-5 py-2 text-sm text-danger">
            {chat.error.message}
          </p>
        ) : null}
        {chat.status ? (
          <p role="status" className="bg-success-soft px-5 py-2 text-sm text-success">
            {chat.status}
          </p>
        ) : null}
        <ChatBody chat={chat} {...props} />
      </div>
      {chat.projectDialogs.dialogs}
    </div>
  )
}

/** The conversation list, with what it says about damaged and deleted chats. */
function ChatList({ chat, active }: { chat: ChatViewState; active: boolean }) {
  const { list, damaged, deleted, current, projectDialogs } = chat
  return (
    <ConversationList
      conversations={list.conversations}
      selected={current}
      query={list.query}
      onQuery={list.setQuery}
      onSelect={chat.selection.select}
      onNew={() => chat.create()}
      onNewWithoutMemory={() => chat.create('off')}
      projects={chat.projects}
      onNewProject={projectDialogs.newProject}
      onNewInProject={(project) => chat.create(undefined, undefined, project)}
      onProjectSettings={projectDialogs.settings}
      onMoveToProject={projectDialogs.move}
      quietNew={chat.welcoming}
      waiting={chat.waiting}
      hasDamaged={(damaged.damaged?.length ?? 0) > 0}
      damagedNotice={
        <DamagedNotice
          damaged={damaged.damaged ?? []}
          busy={damaged.busy}
          outcome={damaged.outcome}
          onRecover={damaged.recover}
          onDismiss={damaged.dismiss}
          onOpenFolder={damaged.openFolder}
        />
      }
      onPin={(id, pinned) =>
        void chat.act(() => call((api) => api.chat.setPinned({ conversationId: id, pinned })))
      }
      onExport={chat.exportConversation}
      onRename={(id, title) =>
        void chat.act(() =>
          call((api) => api.chat.renameConversation({ conversationId: id, title }))
        )
      }
      onDelete={(id) => {
        if (id === current) chat.selection.setSelected(null)
        const title = list.conversations?.find((c) => c.id === id)?.title
        void deleted.remove(id, title || 'New chat')
      }}
      deletedNotice={
        <DeletedNotice
          state={deleted.state}
          keys={active}
          onUndo={deleted.undo}
          onDismiss={deleted.dismiss}
        />
      }
    />
  )
}

/** The welcome card on a first run, the open chat, or a way to start one. */
function ChatBody({ chat, ...props }: Props & { chat: ChatViewState }) {
  const { current, damaged } = chat
  if (chat.welcoming)
    return (
      <WelcomeCard
        onKeySet={() => {
          chat.setWelcomed(true)
          chat.setHasKey(true)
          if (!current) chat.create()
        }}
      />
    )
  if (current)
    return (
      // Its memory chips read and undo in the chat's own space (its project's).
      <MemorySpaceContext.Provider value={chat.spaceInView ?? DEFAULT_SPACE_ID}>
        <Conversation
          key={current}
          id={current}
          jumpTo={chat.selection.jump}
          hasKey={chat.hasKey}
          focusComposer={chat.welcomed || chat.created === current}
          composerText={chat.prefill?.id === current ? chat.prefill.text : undefined}
          active={props.active}
          onOpenSettings={props.onOpenSettings}
          onOpenMemory={props.onOpenMemory}
          onSent={chat.list.reload}
          memoryOff={chat.openSummary?.memory === 'off'}
        />
      </MemorySpaceContext.Provider>
    )
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted">
      <MessagesSquare size={32} aria-hidden />
      <p>{damaged.damaged?.length ? 'No conversation open.' : 'No conversation yet.'}</p>
      <button
        type="button"
        // Beside a damaged chat's Recover, this is not the one thing to do.
        className={`button ${damaged.damaged?.length ? '' : 'button--primary'}`}
        onClick={() => chat.create()}
      >
        Start a new chat
      </button>
    </div>
  )
}
