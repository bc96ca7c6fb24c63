import type { ElicitContent, ElicitField } from '@shared/mcp/elicitation'

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

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' }

export function ElicitationField({
  field,
  id,
  value,
  error,
  disabled,
  onChange
}: {
  field: ElicitField
  /** The control's id (a field set's, for several choices). */
  id: string
  value: FormValue
  error: string | undefined
  disabled: boolean
  onChange(value: FormValue): void
}) {
  const described = [field.description ? `${id}-about` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  const common = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined
  }
  const label = (
    <>
      {field.title}
      {field.required ? <span className="text-muted"> (required)</span> : null}
    </>
  )
  const about = field.description ? (
    <p id={`${id}-about`} className="text-xs break-words text-muted">
      {field.description}
    </p>
  ) : null
  const problem = error ? (
    <p id={`${id}-error`} className="text-xs font-medium text-danger">
      {error}
    </p>
  ) : null

  if (field.kind === 'boolean')
    return (
      <div className="flex flex-col gap-0.5">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            {...common}
            checked={value === true}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          {label}
        </label>
        {about}
        {problem}
      </div>
    )
  if (field.kind === 'choices') {
    const picked = Array.isArray(value) ? value : []
    return (
      <fieldset
        id={id}
        className="flex flex-col gap-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      >
        <legend className="text-sm">{label}</legend>
        {about}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {field.options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                disabled={disabled}
                checked={picked.includes(option.value)}
                onChange={(event) =>
                  onChange(
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
        {problem}
      </fieldset>
    )
  }
  const text = typeof value === 'string' ? value : ''
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      {about}
      {field.kind === 'choice' ? (
        <select
          {...common}
          className="input"
          value={text}
          aria-required={field.required}
          onChange={(event) => onChange(event.currentTarget.value)}
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
          {...common}
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
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {problem}
    </div>
  )
}
