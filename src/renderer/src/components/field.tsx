import type { ReactNode } from 'react'

export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

interface FieldProps {
  id: string
  label: string
  /** Helper text under the control; for number fields it names the range. */
  help?: ReactNode
  /** The validation message; shown right under the control and announced. */
  error?: string | undefined
  /** Shown beside the control, e.g. a byte count read as "256 KB". */
  aside?: ReactNode
  wide?: boolean
  children: (control: ControlProps) => ReactNode
}

/** A labelled control with its error and helper text wired up through aria-describedby. */
export function Field({ id, label, help, error, aside, wide, children }: FieldProps) {
  const errorId = `${id}-error`
  const asideId = `${id}-aside`
  const helpId = `${id}-help`
  const describedBy = [error && errorId, aside && asideId, help && helpId].filter(Boolean).join(' ')
  const control: ControlProps = { id }
  if (describedBy) control['aria-describedby'] = describedBy
  if (error) control['aria-invalid'] = true
  const classes = ['field', error ? 'field--invalid' : '', wide ? 'field--wide' : '']
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        {children(control)}
        {aside ? (
          <span className="field__aside" id={asideId}>
            {aside}
          </span>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      {help ? (
        <p className="field__help" id={helpId}>
          {help}
        </p>
      ) : null}
    </div>
  )
}
