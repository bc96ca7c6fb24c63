import type { ElicitContent, ElicitField } from '@shared/mcp/elicitation'
import { BooleanField, ChoicesField, TextField, fieldParts } from './field-controls'

/*
 * The fields of a server's form, and the answer they make. Every label, description and option
 * is the server's text shown as text (React escapes it); nothing of it is ever markup.
 */

/** What a field holds while the user fills it in (numbers as typed, choices as their values). */
export type FormValue = string | boolean | string[]
export type FormValues = Record<string, FormValue>

/** The form as first shown: the server's defaults filled in. */
export function initialValues(fields: ElicitField[]): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    if (field.kind === 'boolean') values[field.name] = field.default ?? false
    else if (field.kind === 'choices') values[field.name] = field.default ?? []
    else if (field.kind === 'number') values[field.name] = field.default?.toString() ?? ''
    else if (field.kind === 'text' && field.format === 'date-time')
      values[field.name] = localDateTime(field.default)
    else values[field.name] = field.default ?? ''
  }
  return values
}

/** The answer as the server gets it: empty fields left out (the server's defaults apply). */
export function answerOf(fields: ElicitField[], values: FormValues): ElicitContent {
  const content: ElicitContent = {}
  for (const field of fields) {
    const value = values[field.name]
    if (field.kind === 'boolean') content[field.name] = value === true
    else if (field.kind === 'choices') {
      if (Array.isArray(value) && value.length > 0) content[field.name] = value
    } else if (typeof value === 'string' && value.trim() !== '') {
      if (field.kind === 'number') content[field.name] = Number(value)
      else if (field.kind === 'text' && field.format === 'date-time')
        content[field.name] = isoDateTime(value)
      else content[field.name] = value
    }
  }
  return content
}

/** A `datetime-local` value (no zone) as the RFC 3339 time the schema asks for. */
function isoDateTime(local: string): string {
  const at = new Date(local)
  return Number.isNaN(at.getTime()) ? local : at.toISOString()
}

function localDateTime(iso: string | undefined): string {
  const at = iso ? new Date(iso) : null
  if (!at || Number.isNaN(at.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** One field of the form, by its kind: a checkbox, a set of checkboxes, a list or a text box. */
export function ElicitationField(props: {
  field: ElicitField
  /** The control's id (a field set's, for several choices). */
  id: string
  value: FormValue
  error: string | undefined
  disabled: boolean
  onChange(value: FormValue): void
}) {
  const { field, value } = props
  const parts = fieldParts(field, props.id, props.error, props.disabled)
  if (field.kind === 'boolean')
    return <BooleanField parts={parts} checked={value === true} onChange={props.onChange} />
  if (field.kind === 'choices')
    return (
      <ChoicesField
        parts={parts}
        field={field}
        picked={Array.isArray(value) ? value : []}
        onChange={props.onChange}
      />
    )
  return (
    <TextField
      parts={parts}
      field={field}
      text={typeof value === 'string' ? value : ''}
      onChange={props.onChange}
    />
  )
}
