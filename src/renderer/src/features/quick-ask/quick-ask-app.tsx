import { useEffect, useEffectEvent, useState } from 'react'
import { ExternalLink, SquarePen, X } from 'lucide-react'
import { CairnMark } from '../../components/icons'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { isPrimaryShortcut, modifierLabel } from '../../lib/platform'
import { QuickConversation } from './quick-conversation'
import { QuickInput } from './quick-input'

/** The theme from Settings, kept in step with the main window. */
function useTheme(): void {
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
 * The quick-ask window (#quick-ask): one question, the answer streaming below, in a real
 * conversation made through the chat channels, so memory works as in the main window.
 */
export function QuickAskApp() {
  useTheme()
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

  // Shown again by the shortcut: the question box takes the keys at once.
  useEffect(() => {
    const onFocus = () => setFocusSignal((n) => n + 1)
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

  return (
    <div className="quick-ask flex h-full flex-col bg-bg">
      <header className="quick-ask__bar flex items-center gap-2 border-b border-line px-3 py-2">
        <span className="size-5 text-accent" aria-hidden>
          <CairnMark />
        </span>
        <h1 className="flex-1 text-sm font-semibold">Quick ask</h1>
        <button
          type="button"
          className="button button--quiet px-2 py-1 text-sm"
          onClick={fresh}
          disabled={!conversationId}
          title={`New question (${modifierLabel()}N)`}
          aria-keyshortcuts="Control+N Meta+N"
        >
          <SquarePen size={14} aria-hidden />
          New
        </button>
        <button
          type="button"
          className="button px-2 py-1 text-sm"
          onClick={openInCairn}
          disabled={!conversationId}
          title={`Continue this chat in the main window (${modifierLabel()}O)`}
          aria-keyshortcuts="Control+O Meta+O"
        >
          <ExternalLink size={14} aria-hidden />
          Open in Cairn
        </button>
        <button
          type="button"
          className="button button--quiet px-1.5 py-1"
          onClick={hide}
          aria-label="Hide quick ask"
          title="Hide (Esc)"
          aria-keyshortcuts="Escape"
        >
          <X size={16} aria-hidden />
        </button>
      </header>
      {error ? (
        <p role="alert" className="bg-danger-soft px-4 py-2 text-sm text-danger">
          {error.message} {error.nextStep}
        </p>
      ) : null}
      {conversationId ? (
        <QuickConversation
          key={conversationId}
          id={conversationId}
          first={first}
          hasKey={hasKey}
          focusSignal={focusSignal}
          onOpenInCairn={openInCairn}
        />
      ) : (
        <>
          <QuickInput hasKey={hasKey} running={false} focusSignal={focusSignal} onSend={start} />
          <div className="flex flex-1 items-center justify-center px-6 text-center text-sm text-muted">
            <p>
              Ask Claude anything. The answer appears here; {modifierLabel()}O or “Open in Cairn”
              continues the chat in the main window. Esc hides this window.
            </p>
          </div>
        </>
      )}
    </div>
  )
}
