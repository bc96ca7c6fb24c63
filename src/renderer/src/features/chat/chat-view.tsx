import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import {
  MessagesSquare,
  PanelLeftClose,
  PanelLeftOpen,
  ShieldQuestionMark,
  SquarePen
} from 'lucide-react'
import { call, onEvent } from '../../lib/api'
import { usePendingApprovals, waitingByConversation } from './approvals/pending-approvals'
import { toShownError, type ShownError } from '../../lib/errors'
import { modifierLabel } from '../../lib/platform'
import { ChatOptions } from './composer/chat-options'
import { ConversationList } from './conversations/conversation-list'
import type { JumpRequest } from './messages/jump-request'
import { ThinkingControl } from './thinking/thinking-control'
import { useOpenSummary } from './use-open-summary'
import { useConversations } from './conversations/use-conversations'
import { DamagedNotice } from './conversations/damaged/damaged-notice'
import { useDamaged } from './conversations/damaged/use-damaged'
import { DeletedNotice } from './conversations/deleted/deleted-notice'
import { useDeleted } from './conversations/deleted/use-deleted'
import { WelcomeCard } from '../welcome/welcome-card'
import { projectName, useProjects } from '../projects/use-projects'
import { useProjectDialogs } from '../projects/use-project-dialogs'
import { MemorySpaceContext } from '../memory/memory-space'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { Conversation } from './conversation-pane'
import { ProjectChip } from './project-chip'

interface Props {
  /** `apiKey`: with the key field focused (a key Anthropic refused). */
  onOpenSettings(focus?: 'apiKey'): void
  onOpenMemory(path: string): void
  /** Bumped by Ctrl/Cmd+N anywhere in the app. */
  newChatSignal: number
  /** Bumped by Ctrl/Cmd+Shift+N: a new chat without memory. */
  newChatWithoutMemorySignal?: number
  /** A new chat with this text in its composer, unsent (a cairn://new link the user agreed to). */
  newChatText?: { text: string; n: number } | null
  /** A conversation another view asked to show (the memory activity log); `n` makes repeats count. */
  openRequest?: { id: string; n: number } | null
  active: boolean
  /** The conversation list is hidden (Ctrl/Cmd+Shift+B or the header button shows it). */
  listCollapsed?: boolean
  onToggleList?(): void
  /** The memory space of the chat in view (undefined: "No project"): Memory shows it first. */
  onSpaceInView?(space: SpaceId | undefined): void
}

/** Chat: conversations on the left, the selected one on the right. */
export function ChatView({
  onOpenSettings,
  onOpenMemory,
  newChatSignal,
  newChatWithoutMemorySignal = 0,
  newChatText = null,
  openRequest,
  active,
  listCollapsed = false,
  onToggleList,
  onSpaceInView
}: Props) {
  const list = useConversations()
  const pending = usePendingApprovals()
  const waiting = useMemo(() => waitingByConversation(pending.approvals), [pending.approvals])
  const [selected, setSelected] = useState<string | null>(null)
  const [hasKey, setHasKey] = useState<boolean | null>(null)
  const [welcomed, setWelcomed] = useState(false)
  /** A chat just made with New chat (or Ctrl/Cmd+N): its composer takes the focus. */
  const [created, setCreated] = useState<string | null>(null)
  const [jump, setJump] = useState<JumpRequest | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [seenRequest, setSeenRequest] = useState(openRequest)
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest)
    if (openRequest) {
      setSelected(openRequest.id)
      list.setQuery('')
    }
  }
  const [error, setError] = useState<ShownError | null>(null)
  // Chats whose files could not be read; one recovered opens at once.
  const damaged = useDamaged((id) => {
    setSelected(id)
    list.setQuery('')
    list.reload()
  })
  const deleted = useDeleted({
    onDeleted: list.reload,
    onRestored: (id) => {
      setSelected(id)
      list.setQuery('')
      list.reload()
    }
  })
  // The open chat's file was removed by another program: nothing is open rather than an error.
  useEffect(() => {
    try {
      return onEvent('chat:changed-outside', (p) => {
        if (p.kind === 'removed') setSelected((open) => (open === p.conversationId ? null : open))
      })
    } catch {
      return
    }
  }, [])
  // A chat opened from elsewhere (quick ask) may be newer than the list.
  const reloadList = useEffectEvent(() => list.reload())
  useEffect(() => {
    if (openRequest) reloadList()
  }, [openRequest])

  const checkKey = () =>
    call((api) => api.secrets.status()).then(
      (status) => setHasKey(status.configured),
      () => setHasKey(null)
    )
  // Coming back from Settings (or starting a chat) re-checks: the key may have just been set.
  const onActive = useEffectEvent(checkKey)
  useEffect(() => {
    if (active) void onActive()
  }, [active])

  const [prefill, setPrefill] = useState<{ id: string; text: string } | null>(null)
  /** A new chat; `project`: in that project (its memory, its instructions). */
  const create = (memory?: 'off', text?: string, project?: string) => {
    void checkKey()
    const input =
      memory || project
        ? { ...(memory ? { memory } : {}), ...(project ? { project } : {}) }
        : undefined
    call((api) => api.chat.createConversation(input)).then(
      (conversation) => {
        if (text) setPrefill({ id: conversation.id, text })
        setCreated(conversation.id)
        setSelected(conversation.id)
        list.setQuery('')
        list.reload()
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }
  const onSignal = useEffectEvent(create)
  useEffect(() => {
    if (newChatSignal > 0) onSignal()
  }, [newChatSignal])
  useEffect(() => {
    if (newChatWithoutMemorySignal > 0) onSignal('off')
  }, [newChatWithoutMemorySignal])
  useEffect(() => {
    if (newChatText) onSignal(undefined, newChatText.text)
  }, [newChatText])

  const act = (run: () => Promise<unknown>) =>
    run().then(list.reload, (failure: unknown) => setError(toShownError(failure)))
  const select = (id: string, messageId?: string | null) => {
    setSelected(id)
    setJump(messageId ? (j) => ({ messageId, n: (j?.n ?? 0) + 1 }) : null)
  }
  // A confirmation, not a state: it goes away on its own.
  useEffect(() => {
    if (!status) return
    const timer = setTimeout(() => setStatus(null), 6000)
    return () => clearTimeout(timer)
  }, [status])
  const exportConversation = (id: string) => {
    setStatus(null)
    call((api) => api.chat.exportConversation({ conversationId: id })).then(
      (result) => result.saved && setStatus(`Exported as “${result.fileName}”.`),
      (failure: unknown) => setError(toShownError(failure))
    )
  }

  const projects = useProjects()
  const projectDialogs = useProjectDialogs({
    projects: projects.projects,
    onCreated: (project) => create(undefined, undefined, project.id),
    onDone: (done) => {
      setError(null)
      setStatus(done)
      list.reload()
    },
    onError: setError
  })

  const current = selected ?? list.conversations?.[0]?.id ?? null
  const currentTitle = list.conversations?.find((c) => c.id === current)?.title ?? ''
  // With the list hidden, its badges are out of sight: the header offers the chat that waits.
  const waitingElsewhere = pending.approvals.find((a) => a.conversationId !== current)
  const waitingTitle =
    list.conversations?.find((c) => c.id === waitingElsewhere?.conversationId)?.title || 'New chat'
  const [headerVersion, setHeaderVersion] = useState(0)
  const openSummary = useOpenSummary(
    current,
    list.conversations?.find((c) => c.id === current),
    headerVersion
  )
  const spaceInView = openSummary?.space
  const tellSpace = useEffectEvent((space: SpaceId | undefined) => onSpaceInView?.(space))
  useEffect(() => tellSpace(spaceInView), [spaceInView])
  const headerChanged = () => {
    setHeaderVersion((v) => v + 1)
    list.reload()
  }
  // First run: no key and nothing to look back on. With old conversations, the composer says instead.
  const welcoming =
    hasKey === false && list.conversations?.length === 0 && damaged.damaged?.length === 0
  return (
    <div className="flex h-full min-h-0">
      {listCollapsed ? null : (
        <ConversationList
          conversations={list.conversations}
          selected={current}
          query={list.query}
          onQuery={list.setQuery}
          onSelect={select}
          onNew={() => create()}
          onNewWithoutMemory={() => create('off')}
          projects={projects.projects}
          onNewProject={projectDialogs.newProject}
          onNewInProject={(project) => create(undefined, undefined, project)}
          onProjectSettings={projectDialogs.settings}
          onMoveToProject={projectDialogs.move}
          quietNew={welcoming}
          waiting={waiting}
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
            void act(() => call((api) => api.chat.setPinned({ conversationId: id, pinned })))
          }
          onExport={exportConversation}
          onRename={(id, title) =>
            void act(() =>
              call((api) => api.chat.renameConversation({ conversationId: id, title }))
            )
          }
          onDelete={(id) => {
            if (id === current) setSelected(null)
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
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {/* One row where it fits: the title truncates first, the controls keep their size (icons
            only below a wide header); a narrow header gives the title its own row and the controls
            the next. */}
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
              onClick={() => create()}
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
              onClick={() => select(waitingElsewhere.conversationId)}
            >
              <ShieldQuestionMark size={18} aria-hidden />
            </button>
          ) : null}
          {/* An open chat's title takes the heading's place (it says more than "Chat", which
              stays the heading for screen readers and the view's name). */}
          <h1 className={currentTitle ? 'sr-only' : 'text-xl font-semibold tracking-tight'}>
            Chat
          </h1>
          {current && openSummary?.space ? (
            <ProjectChip
              name={projectName(projects.projects, openSummary.space)}
              onOpen={() => openSummary.space && projectDialogs.settings(openSummary.space)}
            />
          ) : null}
          <p
            className={`min-w-0 flex-[1_1_4rem] truncate text-base font-semibold tracking-tight ${currentTitle ? '@max-xl:basis-[calc(100%-5rem)]' : ''}`}
            title={currentTitle || undefined}
          >
            {currentTitle}
          </p>
          {current ? (
            <ChatOptions key={current} conversationId={current} onChange={headerChanged} />
          ) : null}
          <ThinkingControl conversation={openSummary} onSaved={headerChanged} />
        </header>
        {error || list.error ? (
          <p role="alert" className="bg-danger-soft px-5 py-2 text-sm text-danger">
            {(error ?? list.error)?.message}
          </p>
        ) : null}
        {status ? (
          <p role="status" className="bg-success-soft px-5 py-2 text-sm text-success">
            {status}
          </p>
        ) : null}
        {welcoming ? (
          <WelcomeCard
            onKeySet={() => {
              setWelcomed(true)
              setHasKey(true)
              if (!current) create()
            }}
          />
        ) : current ? (
          // Its memory chips read and undo in the chat's own space (its project's).
          <MemorySpaceContext.Provider value={spaceInView ?? DEFAULT_SPACE_ID}>
            <Conversation
              key={current}
              id={current}
              jumpTo={jump}
              hasKey={hasKey}
              focusComposer={welcomed || created === current}
              composerText={prefill?.id === current ? prefill.text : undefined}
              active={active}
              onOpenSettings={onOpenSettings}
              onOpenMemory={onOpenMemory}
              onSent={list.reload}
              memoryOff={openSummary?.memory === 'off'}
            />
          </MemorySpaceContext.Provider>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted">
            <MessagesSquare size={32} aria-hidden />
            <p>{damaged.damaged?.length ? 'No conversation open.' : 'No conversation yet.'}</p>
            <button
              type="button"
              // Beside a damaged chat's Recover, this is not the one thing to do.
              className={`button ${damaged.damaged?.length ? '' : 'button--primary'}`}
              onClick={() => create()}
            >
              Start a new chat
            </button>
          </div>
        )}
      </div>
      {projectDialogs.dialogs}
    </div>
  )
}
