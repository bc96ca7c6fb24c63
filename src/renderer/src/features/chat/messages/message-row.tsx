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
  if (actions && plan && actions.editingId === message.id)
    return (
      <MessageEditor
        initial={plan.markdown}
        running={actions.running}
        onSend={(text) => actions.submitEdit(message.id, text)}
        onCancel={actions.cancelEdit}
      />
    )
  // One wrapper whether or not the bar shows, so the message below keeps its state (a long
  // message opened stays open) when its actions come and go.
  return (
    <div className="group/row flex flex-col gap-0.5">
      {children}
      {actions && plan ? (
        <MessageActionBar plan={plan} actions={actions} messageId={message.id} />
      ) : null}
    </div>
  )
}
