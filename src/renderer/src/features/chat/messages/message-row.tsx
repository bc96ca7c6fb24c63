import type { ChatMessage } from '@shared/chat/chat'
import { MessageActionBar } from './message-actions'
import { MessageEditor } from './message-editor'
import type { MessageActions } from './use-message-actions'

/** A saved message with its actions below it, or its editor while you edit it. */
export function MessageRow({
  message,
  actions,
  children
}: {
  message: ChatMessage
  actions: MessageActions | undefined
  children: React.ReactNode
}) {
  const plan = actions?.plans.get(message.id)
  if (!actions || !plan) return <>{children}</>
  if (actions.editingId === message.id)
    return (
      <MessageEditor
        initial={plan.markdown}
        running={actions.running}
        onSend={(text) => actions.submitEdit(message.id, text)}
        onCancel={actions.cancelEdit}
      />
    )
  return (
    <div className="group/row flex flex-col gap-0.5">
      {children}
      <MessageActionBar plan={plan} actions={actions} messageId={message.id} />
    </div>
  )
}
