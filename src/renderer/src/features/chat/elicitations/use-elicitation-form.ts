import { useState, type FormEvent } from 'react'
import { checkElicitAnswer } from '@shared/mcp/elicit-answer'
import type { ElicitAction, PendingElicitation } from '@shared/mcp/elicitation'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { answerOf, initialValues, type FormValues } from './elicitation-fields'
import { dropElicitation } from './pending-elicitations'

/**
 * One server form's values and answer: Submit checks each field first (the first wrong one takes
 * the focus), then sends; Decline and Cancel send no content. `fieldId`: the fields' id prefix.
 */
export function useElicitationForm(elicitation: PendingElicitation, fieldId: string) {
  const { fields } = elicitation
  const [values, setValues] = useState<FormValues>(() => initialValues(fields))
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<ShownError | null>(null)
  const [busy, setBusy] = useState(false)
  const send = async (action: ElicitAction, content?: FormValues) => {
    setBusy(true)
    setFailure(null)
    try {
      const answer = content ? answerOf(fields, content) : undefined
      await call((api) =>
        api.mcp.answerElicitation({
          elicitationId: elicitation.id,
          action,
          ...(answer ? { content: answer } : {})
        })
      )
      // Answered, or already gone (the server gave up, another window answered): the form goes.
      dropElicitation(elicitation.id)
    } catch (error) {
      setFailure(toShownError(error))
      setBusy(false)
    }
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkElicitAnswer(fields, answerOf(fields, values))
    setProblems(Object.fromEntries(found.map((p) => [p.field, p.message])))
    if (found.length > 0) {
      const first = fields.findIndex((f) => f.name === found[0]?.field)
      const control = document.getElementById(`${fieldId}-${first}`)
      ;(control?.matches('fieldset') ? control.querySelector('input') : control)?.focus()
      return
    }
    void send('accept', values)
  }
  return { values, setValues, problems, failure, busy, send, submit }
}
