import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import type { BranchPoint, ChatMessage, Conversation } from '@shared/chat/chat'
import { call } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import {
  lastAnswerMarkdown,
  lastUserMessageId,
  planRows,
  type RowPlan
} from './message-actions-plan'

export interface MessageActions {
  plans: ReadonlyMap<string, RowPlan>
  running: boolean
  /** The message being edited, if any. */
  editingId: string | null
  startEdit(messageId: string): void
  /** Up arrow in an empty composer. */
  editLast(): void
  cancelEdit(): void
  submitEdit(messageId: string, text: string): void
  regenerate(): void
  /** `prefer`: the button to keep the focus on afterwards (the rows are new ones). */
  switchVersion(messageId: string, version: number, fork: string, prefer: string): void
  /** Resolves true when the text is on the clipboard. */
  copy(markdown: string): Promise<boolean>
  /** What the last copy or action did, for a polite live region. */
  status: string
}

interface Chat {
  messages: ChatMessage[]
  branches: BranchPoint[]
  running: boolean
  adopt(conversation: Conversation, running: boolean): void
  showError(failure: unknown): void
}

const focusComposer = () => document.getElementById('composer')?.focus()

/** After a switch the rows are rendered anew: the focus goes back to the same version switch. */
function focusVersionSwitch(fork: string, prefer: string, tries = 10): void {
  requestAnimationFrame(() => {
    const group = document.querySelector(`[role="group"][data-fork="${CSS.escape(fork)}"]`)
    if (!group) {
      if (tries > 0) focusVersionSwitch(fork, prefer, tries - 1)
      return
    }
    const buttons = [...group.querySelectorAll<HTMLButtonElement>('button')]
    const usable = buttons.filter((b) => b.getAttribute('aria-disabled') !== 'true')
    ;(usable.find((b) => b.getAttribute('aria-label') === prefer) ?? usable[0])?.focus()
  })
}

/** Copy, edit and resend, regenerate and versions for one conversation; main does the work. */
export function useMessageActions(
  conversationId: string,
  chat: Chat,
  /** Whether the Chat view is shown: hidden views keep no shortcuts. */
  active = true
): MessageActions {
  const { messages, branches, running, adopt, showError } = chat
  const plans = useMemo(() => planRows(messages, branches), [messages, branches])
  const [editingId, setEditingId] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  // Focus to give back once the switched version is rendered (after the commit, not before).
  const refocus = useRef<{ fork: string; prefer: string } | null>(null)
  useEffect(() => {
    const pending = refocus.current
    refocus.current = null
    if (pending) focusVersionSwitch(pending.fork, pending.prefer)
  }, [plans])

  const copy = useCallback(
    (markdown: string) =>
      copyText(markdown).then(
        () => (setStatus('Copied to the clipboard.'), true),
        (failure: unknown) => (showError(failure), false)
      ),
    [showError]
  )
  const cancelEdit = useCallback(() => {
    setEditingId(null)
    focusComposer()
  }, [])
  const submitEdit = useCallback(
    (messageId: string, text: string) => {
      call((api) => api.chat.editMessage({ conversationId, messageId, text })).then(
        ({ conversation }) => {
          setEditingId(null)
          adopt(conversation, true)
          setStatus('Sent. The earlier version is kept: use the version arrows to see it.')
          focusComposer()
        },
        showError
      )
    },
    [conversationId, adopt, showError]
  )
  const regenerate = useCallback(() => {
    call((api) => api.chat.regenerate({ conversationId })).then(({ conversation }) => {
      adopt(conversation, true)
      focusComposer() // the Regenerate button is gone while the new answer comes
    }, showError)
  }, [conversationId, adopt, showError])
  const switchVersion = useCallback(
    (messageId: string, version: number, fork: string, prefer: string) => {
      call((api) => api.chat.switchVersion({ conversationId, messageId, version })).then(
        ({ conversation }) => {
          refocus.current = { fork, prefer }
          adopt(conversation, false)
        },
        showError
      )
    },
    [conversationId, adopt, showError]
  )
  const editLast = useCallback(() => {
    const id = lastUserMessageId(messages)
    if (id) setEditingId(id)
  }, [messages])

  // Ctrl/Cmd+Shift+C copies the last answer (as in ChatGPT); plain Ctrl/Cmd+C stays the selection's.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!active || !(event.ctrlKey || event.metaKey) || !event.shiftKey || event.altKey) return
    if (event.key.toLowerCase() !== 'c') return
    const markdown = lastAnswerMarkdown(plans)
    if (markdown === null) return
    event.preventDefault()
    void copy(markdown).then((ok) => ok && setStatus('The last answer is on the clipboard.'))
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

  return {
    plans,
    running,
    editingId,
    startEdit: setEditingId,
    editLast,
    cancelEdit,
    submitEdit,
    regenerate,
    switchVersion,
    copy,
    status
  }
}
