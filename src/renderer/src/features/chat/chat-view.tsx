import { EmptyState } from '../../components/empty-state'
import { ChatIcon } from '../../components/icons'

/** Chat arrives with its own issue; until then this view says so instead of pretending. */
export function ChatView({ onOpenSettings }: { onOpenSettings: () => void }) {
  return (
    <div className="view view--chat">
      <header className="view__header">
        <h1>Chat</h1>
      </header>
      <EmptyState
        icon={<ChatIcon />}
        title="Chat is not here yet"
        actions={
          <button type="button" className="button button--primary" onClick={onOpenSettings}>
            Set up Cairn in Settings
          </button>
        }
      >
        <p>
          Conversations with Claude come in the next version of Cairn. Nothing can be sent from this
          screen yet, so nothing you do here reaches the network.
        </p>
        <p>Meanwhile you can add your API key and choose how memory is capped and expired.</p>
      </EmptyState>
    </div>
  )
}
