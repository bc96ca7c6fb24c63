import { useCallback, useEffect, useState } from 'react'
import type { DamagedConversation } from '@shared/chat/damaged'
import { call } from '../../../../lib/api'
import { toShownError, type ShownError } from '../../../../lib/errors'

/** What the last action on a damaged file said (one line under the notice). */
export type DamagedOutcome =
  | { kind: 'opened' }
  | { kind: 'failed'; error: ShownError }
  | { kind: 'recovered'; conversationId: string; title: string; messages: number }

/**
 * Conversation files main could not read: listed once the chat view opens, recovered into a new
 * chat (then `onRecovered`), dismissed, or shown in the file manager.
 */
export function useDamaged(onRecovered: (conversationId: string) => void) {
  /** null until main answers; an answer that fails shows nothing rather than a false notice. */
  const [damaged, setDamaged] = useState<DamagedConversation[] | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<DamagedOutcome | null>(null)

  const reload = useCallback(() => {
    call((api) => api.chat.listDamaged()).then(
      (list) => setDamaged(list.damaged),
      () => setDamaged([])
    )
  }, [])
  useEffect(reload, [reload])

  const failed = (error: unknown) => setOutcome({ kind: 'failed', error: toShownError(error) })
  const run = (file: string, action: () => Promise<void>) => {
    setBusy(file)
    setOutcome(null)
    action()
      .catch(failed)
      .finally(() => setBusy(null))
  }

  return {
    damaged,
    busy,
    outcome,
    recover: (file: string) =>
      run(file, async () => {
        const result = await call((api) => api.chat.recoverDamaged({ file }))
        setOutcome({
          kind: 'recovered',
          conversationId: result.conversation.id,
          title: result.conversation.title,
          messages: result.messages
        })
        onRecovered(result.conversation.id)
        reload()
      }),
    dismiss: (file: string) =>
      run(file, async () => {
        const result = await call((api) => api.chat.dismissDamaged({ file }))
        setDamaged(result.damaged)
      }),
    openFolder: () => {
      setOutcome(null)
      call((api) => api.chat.openConversationsFolder()).then(
        () => setOutcome({ kind: 'opened' }),
        failed
      )
    }
  }
}
