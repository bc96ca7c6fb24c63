import { useEffect, useState } from 'react'
import { Sparkles } from 'lucide-react'
import type { MemoryUsage } from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import type { TidySuggestion } from '@shared/tidy/suggest'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { call, onEvent } from '../../../lib/api'
import { TidyDialog } from './tidy-dialog'

type Opened = null | 'suggested' | 'live' | 'review'

/**
 * Suggest, don't nag (issue 39): one quiet line when Settings → Memory lets Cairn suggest a tidy
 * and this space passed a threshold. Main decides (null while the setting is off); it is asked
 * again whenever the space's usage changes. Dismiss holds for this space until the next crossing.
 * A tidy sent as a batch has the line to itself until it is reviewed or let go of: waiting, ready
 * for review, or why it ended without an answer.
 */
export function TidySuggestionLine({ space, usage }: { space: SpaceId; usage: MemoryUsage }) {
  const [suggestion, setSuggestion] = useState<TidySuggestion | null>(null)
  const [batch, setBatch] = useState<TidyBatch | null>(null)
  const [open, setOpen] = useState<Opened>(null)
  useEffect(() => {
    let live = true
    call((api) => api.tidy.suggestion({ space })).then(
      (next) => live && setSuggestion(next),
      () => live && setSuggestion(null) // a suggestion is never worth an error line
    )
    return () => {
      live = false
    }
  }, [space, usage])
  useEffect(() => {
    let live = true
    call((api) => api.tidy.batch({ space })).then(
      (next) => live && setBatch(next),
      () => undefined
    )
    const off = onEvent('tidy:batch-changed', (event) => {
      if (event.space === space) setBatch(event.batch)
    })
    return () => {
      live = false
      off()
    }
  }, [space])
  const clearBatch = () => {
    setBatch(null)
    void call((api) => api.tidy.batchClear({ space })).catch(() => undefined)
  }
  const dialog = open ? (
    <TidyDialog
      space={space}
      offerBatch={open === 'suggested'}
      batchReview={open === 'review'}
      onClose={() => setOpen(null)}
    />
  ) : null
  if (batch)
    return (
      <>
        <BatchLine batch={batch} onOpen={setOpen} onClear={clearBatch} />
        {dialog}
      </>
    )
  if (!suggestion && !open) return null
  return (
    <>
      {suggestion ? (
        <Message
          tone="info"
          role="status"
          icon={Sparkles}
          summary={suggestion.text.replace(/ Tidy…$/, '')}
          actions={
            <button type="button" className={MESSAGE_BUTTON} onClick={() => setOpen('suggested')}>
              Tidy…
            </button>
          }
          onDismiss={() => {
            setSuggestion(null)
            void call((api) => api.tidy.dismissSuggestion({ space })).catch(() => undefined)
          }}
        />
      ) : null}
      {dialog}
    </>
  )
}

function BatchLine({
  batch,
  onOpen,
  onClear
}: {
  batch: TidyBatch
  onOpen(opened: Opened): void
  onClear(): void
}) {
  if (batch.status === 'waiting')
    return (
      <Message
        tone="info"
        role="status"
        icon={Sparkles}
        summary={batch.text}
        actions={
          <button type="button" className={MESSAGE_BUTTON} onClick={onClear}>
            Cancel the batch
          </button>
        }
      />
    )
  if (batch.status === 'ready')
    return (
      <Message
        tone="info"
        role="status"
        icon={Sparkles}
        summary={batch.text}
        actions={
          <button type="button" className={MESSAGE_BUTTON} onClick={() => onOpen('review')}>
            Review…
          </button>
        }
      />
    )
  return (
    <Message
      tone="warning"
      role="status"
      summary={batch.text}
      actions={
        <button type="button" className={MESSAGE_BUTTON} onClick={() => onOpen('live')}>
          Tidy…
        </button>
      }
      onDismiss={onClear}
    />
  )
}
