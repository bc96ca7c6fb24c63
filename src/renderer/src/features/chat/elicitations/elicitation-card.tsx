import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import type { PendingElicitation } from '@shared/mcp/elicitation'
import { errorText } from '../../memory/change-words'
import { ElicitationField } from './elicitation-fields'
import { ElicitationButtons, ElicitationHeader } from './elicitation-parts'
import { dismissElicitationNote, useElicitations } from './pending-elicitations'
import { useElicitationForm } from './use-elicitation-form'

/*
 * A server's question as a form in the chat (MCP elicitation): who asks, its message as plain
 * text, its fields, and three answers. Submit is checked here first (each field says what is
 * wrong) and again in main; Decline tells the server the user will not answer; Cancel ends the
 * question without a choice. The answer goes to that server only.
 */

function ElicitationCard({
  elicitation,
  takeFocus
}: {
  elicitation: PendingElicitation
  /** The first form waiting: it takes the focus when it appears, unless the user is in another. */
  takeFocus: boolean
}) {
  const titleId = useId()
  const fieldId = useId()
  const card = useRef<HTMLElement>(null)
  const { fields } = elicitation
  const { values, setValues, problems, failure, busy, send, submit } = useElicitationForm(
    elicitation,
    fieldId
  )
  useEffect(() => {
    if (!takeFocus) return
    if (document.activeElement?.closest('[data-approval-card], [data-elicitation-card]')) return
    card.current?.focus()
  }, [takeFocus])

  // Esc must not reach the window, where it stops the reply (and with it this question).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    document.querySelector<HTMLElement>('textarea[aria-label="Message Claude"]')?.focus()
  }
  const count = Object.keys(problems).length
  return (
    <section
      ref={card}
      tabIndex={-1}
      data-elicitation-card
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // Bounded: a long form scrolls inside the card, the chat and its buttons stay in view.
      className="flex max-h-[60vh] min-h-0 flex-col gap-2 rounded-card border border-warning-line bg-surface p-3 focus:outline-2 focus:outline-offset-2 focus:outline-focus"
    >
      <ElicitationHeader titleId={titleId} serverName={elicitation.serverName} />
      <form noValidate className="flex min-h-0 flex-col gap-2" onSubmit={submit}>
        <div className="flex min-h-0 flex-col gap-3 overflow-y-auto pr-1">
          <p className="text-sm break-words whitespace-pre-wrap">{elicitation.message}</p>
          {fields.map((field, index) => (
            <ElicitationField
              key={field.name}
              field={field}
              id={`${fieldId}-${index}`}
              value={values[field.name] ?? ''}
              error={problems[field.name]}
              disabled={busy}
              onChange={(value) => setValues((now) => ({ ...now, [field.name]: value }))}
            />
          ))}
        </div>
        <p role="alert" className={count || failure ? 'text-sm text-danger' : 'sr-only'}>
          {failure
            ? errorText(failure)
            : count
              ? `${count === 1 ? 'One field needs' : `${count} fields need`} a change before Submit.`
              : ''}
        </p>
        <ElicitationButtons
          busy={busy}
          onDecline={() => void send('decline')}
          onCancel={() => void send('cancel')}
        />
      </form>
    </section>
  )
}

/** The questions of MCP servers in this chat, above the approval cards and the composer. */
export function ElicitationCards({
  conversationId,
  onWaiting
}: {
  conversationId: string
  /** Whether a form waits: the reply status then says "Waiting for your answer to the form". */
  onWaiting?(waiting: boolean): void
}) {
  const { elicitations, notes, error } = useElicitations(conversationId)
  const waiting = elicitations.length > 0
  useEffect(() => {
    onWaiting?.(waiting)
  }, [waiting, onWaiting])
  if (elicitations.length === 0 && notes.length === 0 && !error) return null
  return (
    <div className="mx-auto mb-2 flex w-full max-w-3xl flex-col gap-2 px-6">
      {elicitations.map((elicitation, index) => (
        <ElicitationCard key={elicitation.id} elicitation={elicitation} takeFocus={index === 0} />
      ))}
      {notes.map((note) => (
        <div
          key={note.id}
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-control bg-warning-soft px-3 py-2 text-sm"
        >
          <span className="min-w-0 flex-1 break-words">{note.text}</span>
          <button type="button" className="button" onClick={() => dismissElicitationNote(note.id)}>
            Dismiss
          </button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  )
}
