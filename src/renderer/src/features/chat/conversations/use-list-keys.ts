import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { ConversationSummary } from '@shared/chat/chat'

/** The row buttons of the list, in the order shown. */
const rowsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('[data-row]')]
const idOf = (row: Element | null) =>
  row?.closest<HTMLElement>('[data-conversation]')?.dataset.conversation ?? null

/**
 * The list's keys: one tab stop (roving, the open chat's at first), Up/Down/Home/End move between
 * chats, Delete asks to delete, and after a delete from the keys the row taking its place gets focus.
 */
export function useListKeys(
  conversations: readonly ConversationSummary[] | null,
  shown: readonly ConversationSummary[],
  selected: string | null,
  askDelete: (c: ConversationSummary) => void
) {
  const [focusedId, setFocusedId] = useState<string | null>(null)
  const tabStop =
    [focusedId, selected].find((id) => id && shown.some((c) => c.id === id)) ?? shown[0]?.id
  const listRef = useRef<HTMLUListElement>(null)
  /** The row deleted from the keys, and where: the row that takes its place gets the focus. */
  const [refocus, setRefocus] = useState<{ id: string; at: number } | null>(null)
  useEffect(() => {
    if (!refocus || !listRef.current || conversations?.some((c) => c.id === refocus.id)) return
    const rows = rowsOf(listRef.current)
    rows[Math.min(refocus.at, rows.length - 1)]?.focus()
    setRefocus(null)
  }, [conversations, refocus])
  /** Called as a chat is deleted: if the keys were on it, its successor takes the focus. */
  const willDelete = (id: string) => {
    if (id === focusedId) setRefocus({ id, at: shown.findIndex((c) => c.id === id) })
  }
  /** Up/Down/Home/End move between chats, Enter opens (the row is a button), Delete deletes. */
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const id = idOf(event.target as Element)
    if (!id || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const rows = rowsOf(event.currentTarget)
    const at = rows.findIndex((row) => idOf(row) === id)
    const target =
      event.key === 'ArrowDown'
        ? rows[Math.min(rows.length - 1, at + 1)]
        : event.key === 'ArrowUp'
          ? rows[Math.max(0, at - 1)]
          : event.key === 'Home'
            ? rows[0]
            : event.key === 'End'
              ? rows.at(-1)
              : undefined
    if (target) target.focus()
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      const c = shown.find((x) => x.id === id)
      if (c) askDelete(c)
    } else return
    event.preventDefault()
  }
  return { listRef, tabStop, setFocusedId, willDelete, onListKey }
}
