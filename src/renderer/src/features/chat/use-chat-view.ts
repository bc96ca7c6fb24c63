import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import type { SpaceId } from '@shared/memory/spaces'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { usePendingApprovals, waitingByConversation } from './approvals/pending-approvals'
import type { JumpRequest } from './messages/jump-request'
import { useOpenSummary } from './use-open-summary'
import { useConversations } from './conversations/use-conversations'
import { useDamaged } from './conversations/damaged/use-damaged'
import { useDeleted } from './conversations/deleted/use-deleted'
import { useProjects } from '../projects/use-projects'
import { useProjectDialogs } from '../projects/use-project-dialogs'

// The Chat view's state, one hook per concern; chat-view.tsx lays it out.

type Conversations = ReturnType<typeof useConversations>
type Request<T> = (T & { n: number }) | null

export interface ChatViewInput {
  active: boolean
  /** Bumped by Ctrl/Cmd+N anywhere in the app. */
  newChatSignal: number
  /** Bumped by Ctrl/Cmd+Shift+N: a new chat without memory. */
  newChatWithoutMemorySignal?: number
  /** A new chat with this text in its composer, unsent (a cairn://new link the user agreed to). */
  newChatText?: Request<{ text: string }>
  /** A conversation another view asked to show (the memory activity log); `n` makes repeats count. */
  openRequest?: Request<{ id: string }>
  /** The memory space of the chat in view (undefined: "No project"): Memory shows it first. */
  onSpaceInView?(space: SpaceId | undefined): void
}

/** Whether a key is set; coming back from Settings (or starting a chat) checks again. */
function useHasKey(active: boolean) {
  const [hasKey, setHasKey] = useState<boolean | null>(null)
  const checkKey = () =>
    call((api) => api.secrets.status()).then(
      (status) => setHasKey(status.configured),
      () => setHasKey(null)
    )
  const onActive = useEffectEvent(checkKey)
  useEffect(() => {
    if (active) void onActive()
  }, [active])
  return { hasKey, setHasKey, checkKey }
}

/** The chat chosen (by a click, another view, a recovery or an undo) and a message to jump to. */
function useSelection(list: Conversations, openRequest: Request<{ id: string }> | undefined) {
  const [selected, setSelected] = useState<string | null>(null)
  const [jump, setJump] = useState<JumpRequest | null>(null)
  const [seenRequest, setSeenRequest] = useState(openRequest)
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest)
    if (openRequest) {
      setSelected(openRequest.id)
      list.setQuery('')
    }
  }
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
  return {
    selected,
    setSelected,
    jump,
    select(id: string, messageId?: string | null) {
      setSelected(id)
      setJump(messageId ? (j) => ({ messageId, n: (j?.n ?? 0) + 1 }) : null)
    },
    /** A chat that may be new to the list (made, recovered, restored): shown, the list read again. */
    open(id: string) {
      setSelected(id)
      list.setQuery('')
      list.reload()
    }
  }
}

/** New chats: by a button or Ctrl/Cmd+N, without memory, with a link's text, in a project. */
function useNewChat(
  input: ChatViewInput,
  checkKey: () => unknown,
  open: (id: string) => void,
  onError: (error: ShownError) => void
) {
  const { newChatSignal, newChatWithoutMemorySignal = 0, newChatText = null } = input
  const [prefill, setPrefill] = useState<{ id: string; text: string } | null>(null)
  /** A chat just made with New chat (or Ctrl/Cmd+N): its composer takes the focus. */
  const [created, setCreated] = useState<string | null>(null)
  /** A new chat; `project`: in that project (its memory, its instructions). */
  const create = (memory?: 'off', text?: string, project?: string) => {
    void checkKey()
    const options =
      memory || project
        ? { ...(memory ? { memory } : {}), ...(project ? { project } : {}) }
        : undefined
    call((api) => api.chat.createConversation(options)).then(
      (conversation) => {
        if (text) setPrefill({ id: conversation.id, text })
        setCreated(conversation.id)
        open(conversation.id)
      },
      (failure: unknown) => onError(toShownError(failure))
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
  return { create, created, prefill }
}

/** A confirmation, not a state: it goes away on its own. */
function useStatusNote() {
  const [status, setStatus] = useState<string | null>(null)
  useEffect(() => {
    if (!status) return
    const timer = setTimeout(() => setStatus(null), 6000)
    return () => clearTimeout(timer)
  }, [status])
  return [status, setStatus] as const
}

/** The chat in view: its summary for the header, the chat waiting elsewhere, its memory space. */
function useChatInView(
  list: Conversations,
  current: string | null,
  approvals: ReturnType<typeof usePendingApprovals>['approvals'],
  onSpaceInView: ChatViewInput['onSpaceInView']
) {
  const titleOf = (id: string | null | undefined) =>
    list.conversations?.find((c) => c.id === id)?.title
  // With the list hidden, its badges are out of sight: the header offers the chat that waits.
  const waitingElsewhere = approvals.find((a) => a.conversationId !== current)
  const [headerVersion, setHeaderVersion] = useState(0)
  const openSummary = useOpenSummary(
    current,
    list.conversations?.find((c) => c.id === current),
    headerVersion
  )
  const spaceInView = openSummary?.space
  const tellSpace = useEffectEvent((space: SpaceId | undefined) => onSpaceInView?.(space))
  useEffect(() => tellSpace(spaceInView), [spaceInView])
  return {
    currentTitle: titleOf(current) ?? '',
    waitingElsewhere,
    waitingTitle: titleOf(waitingElsewhere?.conversationId) || 'New chat',
    openSummary,
    spaceInView,
    headerChanged() {
      setHeaderVersion((v) => v + 1)
      list.reload()
    }
  }
}

export function useChatView(input: ChatViewInput) {
  const list = useConversations()
  const pending = usePendingApprovals()
  const waiting = useMemo(() => waitingByConversation(pending.approvals), [pending.approvals])
  const key = useHasKey(input.active)
  const [welcomed, setWelcomed] = useState(false)
  const [error, setError] = useState<ShownError | null>(null)
  const [status, setStatus] = useStatusNote()
  const selection = useSelection(list, input.openRequest)
  // Chats whose files could not be read; one recovered opens at once.
  const damaged = useDamaged(selection.open)
  const deleted = useDeleted({ onDeleted: list.reload, onRestored: selection.open })
  const newChat = useNewChat(input, key.checkKey, selection.open, setError)
  const projects = useProjects()
  const projectDialogs = useProjectDialogs({
    projects: projects.projects,
    onCreated: (project) => newChat.create(undefined, undefined, project.id),
    onDone: (done) => {
      setError(null)
      setStatus(done)
      list.reload()
    },
    onError: setError
  })
  const current = selection.selected ?? list.conversations?.[0]?.id ?? null
  const inView = useChatInView(list, current, pending.approvals, input.onSpaceInView)

  return {
    list,
    waiting,
    ...key,
    welcomed,
    setWelcomed,
    error: error ?? list.error,
    status,
    selection,
    damaged,
    deleted,
    ...newChat,
    projects: projects.projects,
    projectDialogs,
    current,
    ...inView,
    // First run: no key and nothing to look back on. With old chats, the composer says instead.
    welcoming:
      key.hasKey === false && list.conversations?.length === 0 && damaged.damaged?.length === 0,
    act: (run: () => Promise<unknown>) =>
      run().then(list.reload, (failure: unknown) => setError(toShownError(failure))),
    exportConversation(id: string) {
      setStatus(null)
      call((api) => api.chat.exportConversation({ conversationId: id })).then(
        (result) => result.saved && setStatus(`Exported as “${result.fileName}”.`),
        (failure: unknown) => setError(toShownError(failure))
      )
    }
  }
}
export type ChatViewState = ReturnType<typeof useChatView>
