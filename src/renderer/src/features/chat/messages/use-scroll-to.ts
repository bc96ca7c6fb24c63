import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { VirtuosoHandle } from 'react-virtuoso'
import type { ChatMessage } from '@shared/chat/chat'
import type { JumpRequest } from './jump-request'
import { isShown, type Row } from './use-message-rows'

/** How long a found message stays outlined. */
const FOUND_MS = 2500

/**
 * A search hit: scrolls to its message once it is loaded and outlines it for a moment; returns the
 * id outlined. `leave` stops following the newest words first.
 */
export function useJumpTo(
  jumpTo: JumpRequest | null,
  messages: ChatMessage[],
  savedRows: Row[],
  virtuoso: RefObject<VirtuosoHandle | null>,
  leave: () => void
) {
  const [found, setFound] = useState<string | null>(null)
  // The hit may be a tool-result message (not shown): its nearest shown message before it.
  const jumpIndex = useMemo(() => {
    if (!jumpTo) return -1
    const at = messages.findIndex((m) => m.id === jumpTo.messageId)
    if (at === -1) return -1
    const shown = messages.slice(0, at + 1).findLast(isShown)
    return shown ? savedRows.findIndex((r) => r.kind === 'message' && r.message === shown) : -1
  }, [jumpTo, messages, savedRows])
  // Each jump runs once, as soon as its message is loaded (not again as new messages arrive).
  const jumped = useRef<JumpRequest | null>(null)
  useEffect(() => {
    if (jumpIndex === -1 || jumped.current === jumpTo) return
    jumped.current = jumpTo
    leave()
    virtuoso.current?.scrollToIndex({ index: jumpIndex, align: 'center' })
    const row = savedRows[jumpIndex]
    setFound(row?.kind === 'message' ? row.message.id : null)
  }, [jumpIndex, jumpTo, savedRows, leave, virtuoso])
  useEffect(() => {
    if (!found) return
    const timer = setTimeout(() => setFound(null), FOUND_MS)
    return () => clearTimeout(timer)
  }, [found])
  return found
}

/** The message to edit may be scrolled out (and not rendered): bring it into view. */
export function useScrollToEditing(
  editingId: string | null | undefined,
  rows: Row[],
  virtuoso: RefObject<VirtuosoHandle | null>,
  leave: () => void
) {
  useEffect(() => {
    const index = editingId
      ? rows.findIndex((r) => r.kind === 'message' && r.message.id === editingId)
      : -1
    if (index === -1) return
    leave()
    virtuoso.current?.scrollToIndex({ index, align: 'center' })
  }, [editingId, rows, leave, virtuoso])
}
