import { modifierLabel } from '../../lib/platform'
import { QuickAskBar } from './quick-ask-bar'
import { QuickConversation } from './quick-conversation'
import { QuickInput } from './quick-input'
import { useQuickAskKeys, useQuickSession, useTheme } from './use-quick-ask'

/**
 * The quick-ask window (#quick-ask): one question, the answer streaming below, in a real
 * conversation made through the chat channels, so memory works as in the main window.
 */
export function QuickAskApp() {
  useTheme()
  const session = useQuickSession()
  const { conversationId, first, error, hasKey, focusSignal, hide, fresh, openInCairn } = session
  useQuickAskKeys({
    hide,
    fresh,
    openInCairn,
    onShown: () => session.setFocusSignal((n) => n + 1)
  })

  return (
    <div className="quick-ask flex h-full flex-col bg-bg">
      <QuickAskBar
        asked={conversationId !== null}
        onNew={fresh}
        onOpenInCairn={openInCairn}
        onHide={hide}
      />
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
          <QuickInput
            hasKey={hasKey}
            running={false}
            focusSignal={focusSignal}
            onSend={session.start}
          />
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
