import type { ConversationSummary } from '@shared/chat/chat'
import { Dialog } from '../../../components/dialog'
import { conversationName as name } from './conversation-row'

interface Props {
  renaming: ConversationSummary | null
  deleting: ConversationSummary | null
  onRename(id: string, title: string): void
  /** Asked after the user confirms deleting `deleting`. */
  onDelete(c: ConversationSummary): void
  onCloseRename(): void
  onCloseDelete(): void
}

/** The list's two questions: the new title of a chat, and whether to delete one. */
export function ConversationDialogs(props: Props) {
  const { renaming, deleting } = props
  return (
    <>
      <Dialog
        open={renaming !== null}
        title="Rename conversation"
        confirmLabel="Rename"
        field={{ label: 'Title', initial: renaming?.title ?? '' }}
        onClose={props.onCloseRename}
        onConfirm={(title) => {
          if (renaming) props.onRename(renaming.id, title.trim())
          props.onCloseRename()
        }}
      />
      <Dialog
        open={deleting !== null}
        title={`Delete “${deleting ? name(deleting) : ''}”?`}
        confirmLabel="Delete"
        danger
        onClose={props.onCloseDelete}
        onConfirm={() => {
          if (deleting) props.onDelete(deleting)
          props.onCloseDelete()
        }}
      >
        The conversation is removed from this computer; Undo brings it back until Cairn restarts.
        What Claude put in memory stays.
      </Dialog>
    </>
  )
}
