import type { ReactNode } from 'react'
import type { ElicitField } from '@shared/mcp/elicitation'

/** What every kind of field shows around its control: label, description, problem, and their ids. */
export interface FieldParts {
  id: string
  disabled: boolean
  error: string | undefined
  /** The ids of the description and the problem, as the control's aria-describedby. */
  described: string | undefined
  label: ReactNode
  about: ReactNode
  problem: ReactNode
}

export function fieldParts(
  field: ElicitField,
  id: string,
  error: string | undefined,
  disabled: boolean
): FieldParts {
  const described = [field.description ? `${id}-about` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return {
    id,
    disabled,
    error,
    described: described || undefined,
    label: (
      <>
        {field.title}
        {field.required ? <span className="text-muted"> (required)</span> : null}
      </>
    ),
    about: field.description ? (
      <p id={`${id}-about`} className="text-xs break-words text-muted">
        {field.description}
      </p>
    ) : null,
    problem: error ? (
      <p id={`${id}-error`} className="text-xs font-medium text-danger">
        {error}
      </p>
    ) : null
  }
}

/** The attributes a single control shares: its id, disabled, invalid, described by. */
function common(parts: FieldParts) {
  return {
    id: parts.id,
    disabled: parts.disabled,
    'aria-invalid': parts.error ? true : undefined,
    'aria-describedby': parts.described
  }
}

/** A yes/no field: one checkbox. */
export function BooleanField(props: {
  parts: FieldParts
  checked: boolean
  onChange(value: boolean): void
}) {
  const { parts } = props
  return (
    <div className="flex flex-col gap-0.5">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          {...common(parts)}
          checked={props.checked}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
        {parts.label}
      </label>
      {parts.about}
      {parts.problem}
    </div>
  )
}

/** Several choices: a field set of checkboxes. */
export function ChoicesField(props: {
  parts: FieldParts
  field: Extract<ElicitField, { kind: 'choices' }>
  picked: string[]
  onChange(value: string[]): void
}) {
  const { parts, picked } = props
  return (
    <fieldset
      id={parts.id}
      className="flex flex-col gap-1"
      aria-invalid={parts.error ? true : undefined}
      aria-describedby={parts.described}
    >
      <legend className="text-sm">{parts.label}</legend>
      {parts.about}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {props.field.options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              disabled={parts.disabled}
              checked={picked.includes(option.value)}
              onChange={(event) =>
                props.onChange(
                  event.currentTarget.checked
                    ? [...picked, option.value]
                    : picked.filter((v) => v !== option.value)
                )
              }
            />
            {option.title}
          </label>
        ))}
      </div>
      {parts.problem}
    </fieldset>
  )
}

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' }

/** One choice (a list), a number, or text (email, address, date and time by their format). */
export function TextField(props: {
  parts: FieldParts
  field: Exclude<ElicitField, { kind: 'boolean' | 'choices' }>
  text: string
  onChange(value: string): void
}) {
  const { parts, field, text } = props
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={parts.id} className="text-sm">
        {parts.label}
      </label>
      {parts.about}
      {field.kind === 'choice' ? (
        <select
          {...common(parts)}
          className="input"
          value={text}
          aria-required={field.required}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        >
          {/* No answer yet: a required choice has no default the user did not see. */}
          {field.default === undefined ? <option value="">Choose…</option> : null}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.title}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common(parts)}
          className="input"
          aria-required={field.required}
          type={
            field.kind === 'number' ? 'number' : field.format ? INPUT_TYPE[field.format] : 'text'
          }
          {...(field.kind === 'number'
            ? {
                step: field.integer ? 1 : 'any',
                inputMode: field.integer ? ('numeric' as const) : ('decimal' as const),
                min: field.minimum,
                max: field.maximum
              }
            : { maxLength: field.maxLength, minLength: field.minLength })}
          value={text}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      )}
      {parts.problem}
    </div>
  )
}
