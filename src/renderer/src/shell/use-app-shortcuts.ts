import { useEffect, useEffectEvent } from 'react'
import { tabId } from '../components/view-tabs'
import { isPrimaryShortcut, isShiftedShortcut } from '../lib/platform'
import type { Views, ViewId } from './use-views'

/** Ctrl/Cmd+1/2/3 by key or by physical key, so layouts where 1 needs Shift still work. */
function shortcutView(event: KeyboardEvent, views: readonly { id: ViewId; digit: string }[]) {
  if (!isPrimaryShortcut(event)) return null
  const digit = /^Digit([1-9])$/.exec(event.code)?.[1] ?? event.key
  return views.find((view) => view.digit === digit)?.id ?? null
}

const isKey = (event: KeyboardEvent, letter: string) =>
  event.key.toLowerCase() === letter || event.code === `Key${letter.toUpperCase()}`

/** The app's keyboard shortcuts, heard anywhere in the window. */
export function useAppShortcuts({
  views,
  tabs,
  togglePane,
  toggleShortcuts
}: {
  views: Views
  tabs: readonly { id: ViewId; digit: string }[]
  togglePane(pane: 'sidebar' | 'conversations'): void
  toggleShortcuts(): void
}) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // Ctrl/Cmd+/ (Shift allowed: on some layouts / needs it): the keyboard shortcuts, or closes them.
    if (
      (event.ctrlKey || event.metaKey) &&
      !event.altKey &&
      (event.key === '/' || event.code === 'Slash')
    ) {
      event.preventDefault()
      toggleShortcuts()
      return
    }
    // Ctrl/Cmd+B: the sidebar; Ctrl/Cmd+Shift+B: the conversation list.
    if (isKey(event, 'b')) {
      const pane = isPrimaryShortcut(event)
        ? 'sidebar'
        : isShiftedShortcut(event)
          ? 'conversations'
          : null
      if (pane) {
        event.preventDefault()
        togglePane(pane)
        return
      }
    }
    const next = shortcutView(event, tabs)
    if (next) {
      event.preventDefault()
      // Focus inside a panel that is about to hide would fall to <body>: hand it to the new tab.
      const focusWasInPanel = document.activeElement?.closest('[role="tabpanel"]') !== null
      views.setView(next)
      if (focusWasInPanel)
        requestAnimationFrame(() => document.getElementById(tabId(next))?.focus())
      return
    }
    if (isPrimaryShortcut(event) && isKey(event, 'n')) {
      event.preventDefault()
      views.newChat()
      return
    }
    if (isShiftedShortcut(event) && isKey(event, 'n')) {
      event.preventDefault()
      views.newChatWithoutMemory()
      return
    }
    // Ctrl/Cmd+S would otherwise open the browser's "Save page" dialog; Settings handles it itself.
    if (isPrimaryShortcut(event) && isKey(event, 's')) event.preventDefault()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent): void => onKeyDown(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}
