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
        <TidyLine
          summary={suggestion.text.replace(/ Tidy…$/, '')}
          action={{ label: 'Tidy…', run: () => setOpen('suggested') }}
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

/** One quiet line about tidying, with the one thing to do about it. */
function TidyLine({
  summary,
  action,
  onDismiss
}: {
  summary: string
  action: { label: string; run(): void }
  onDismiss?: () => void
}) {
  return (
    <Message
      tone="info"
      role="status"
      icon={Sparkles}
      summary={summary}
      actions={
        <button type="button" className={MESSAGE_BUTTON} onClick={action.run}>
          {action.label}
        </button>
      }
      onDismiss={onDismiss}
    />
  )
}

/** A batch waiting (it can be cancelled), ready (Review…), or ended without an answer (Tidy…). */
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
    return <TidyLine summary={batch.text} action={{ label: 'Cancel the batch', run: onClear }} />
  if (batch.status === 'ready')
    return (
      <TidyLine summary={batch.text} action={{ label: 'Review…', run: () => onOpen('review') }} />
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
