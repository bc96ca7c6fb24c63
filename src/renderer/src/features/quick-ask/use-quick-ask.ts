import { useEffect, useEffectEvent, useState } from 'react'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { isPrimaryShortcut } from '../../lib/platform'

/** The theme from Settings, kept in step with the main window. */
export function useTheme(): void {
  useEffect(() => {
    const apply = (theme: string) => (document.documentElement.dataset.theme = theme)
    call((api) => api.settings.get()).then(
      ({ settings }) => apply(settings.theme),
      () => undefined
    )
    return onEvent('settings:changed', ({ settings }) => apply(settings.theme))
  }, [])
}

/**
 * The window's one question at a time: the conversation it started, its first text, whether a key
 * is set (asked again each time the window shows), and New, Hide, Open in Cairn.
 */
export function useQuickSession() {
  const [conversationId, setConversationId] = useState<string | null>(null)
  const [first, setFirst] = useState<string | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const [hasKey, setHasKey] = useState<boolean | null>(null)
  const [focusSignal, setFocusSignal] = useState(0)

  useEffect(() => {
    call((api) => api.secrets.status()).then(
      (status) => setHasKey(status.configured),
      () => setHasKey(null)
    )
  }, [focusSignal])

  const hide = () => void call((api) => api.window.hideQuickAsk()).catch(() => undefined)
  const start = async (text: string): Promise<boolean> => {
    setError(null)
    try {
      const conversation = await call((api) => api.chat.createConversation())
      setFirst(text)
      setConversationId(conversation.id)
      return true
    } catch (failure) {
      setError(toShownError(failure))
      return false
    }
  }
  const fresh = () => {
    setConversationId(null)
    setFirst(null)
    setError(null)
    setFocusSignal((n) => n + 1)
  }
  const openInCairn = () => {
    if (!conversationId) return
    setError(null)
    call((api) => api.window.openInMain({ conversationId })).catch((failure: unknown) =>
      setError(toShownError(failure))
    )
  }

  return {
    conversationId,
    first,
    error,
    hasKey,
    focusSignal,
    setFocusSignal,
    hide,
    start,
    fresh,
    openInCairn
  }
}

/** Shown again by the shortcut, the question box takes the keys; Esc hides, N new, O open in Cairn. */
export function useQuickAskKeys(actions: {
  hide(): void
  fresh(): void
  openInCairn(): void
  onShown(): void
}) {
  const { hide, fresh, openInCairn } = actions
  const onShownEvent = useEffectEvent(() => actions.onShown())
  useEffect(() => {
    const onFocus = () => onShownEvent()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [])
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault()
      hide()
    } else if (isPrimaryShortcut(event) && (event.code === 'KeyN' || event.key === 'n')) {
      event.preventDefault()
      fresh()
    } else if (isPrimaryShortcut(event) && (event.code === 'KeyO' || event.key === 'o')) {
      event.preventDefault()
      openInCairn()
    }
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}
