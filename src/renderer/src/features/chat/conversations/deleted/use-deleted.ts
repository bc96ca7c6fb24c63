import { useState } from 'react'
import { call } from '../../../../lib/api'
import { toShownError } from '../../../../lib/errors'

/** The last chat deleted this session, while its notice shows (Undo), or what Undo hit. */
export type DeletedState =
  { kind: 'deleted'; conversationId: string; title: string } | { kind: 'failed'; message: string }

/**
 * Deletes a chat and keeps what Undo needs: main keeps the file aside until the next start, so
 * Undo puts back the same file (`onRestored` opens it again). A later delete replaces the notice;
 * the earlier chat is still kept by main, and final at the next start.
 */
export function useDeleted(options: {
  onDeleted(conversationId: string): void
  onRestored(conversationId: string): void
}) {
  const [state, setState] = useState<DeletedState | null>(null)

  const remove = (conversationId: string, title: string) =>
    call((api) => api.chat.deleteConversation({ conversationId })).then(
      () => {
        setState({ kind: 'deleted', conversationId, title })
        options.onDeleted(conversationId)
      },
      (failure: unknown) => setState({ kind: 'failed', message: failed(failure) })
    )

  const undo = () => {
    if (state?.kind !== 'deleted') return
    const { conversationId, title } = state
    setState(null)
    call((api) => api.chat.restoreConversation({ conversationId })).then(
      (restored) =>
        restored
          ? options.onRestored(conversationId)
          : setState({
              kind: 'failed',
              message: `“${title}” can no longer be brought back: Cairn has restarted since it was deleted.`
            }),
      (failure: unknown) => setState({ kind: 'failed', message: failed(failure) })
    )
  }

  return { state, remove, undo, dismiss: () => setState(null) }
}

const failed = (failure: unknown): string => {
  const shown = toShownError(failure)
  return shown.nextStep ? `${shown.message} ${shown.nextStep}` : shown.message
}
