import { SETTINGS_RANGES } from '@shared/app/settings'
import { Field } from '../../components/field'
import { formatNumber } from '../../lib/format'
import type { FieldGroupProps } from './field-group'
import { FIELD_LABELS, fieldId } from './field-labels'

export type NumberFieldName =
  | 'maxTokens'
  | 'maxToolRounds'
  | 'maxFiles'
  | 'maxReadChars'
  | 'expiryDays'
  | 'triggerTokens'
  | 'keepToolUses'

/** "1–200": the same range the shared schema enforces. */
export function rangeText(name: NumberFieldName): string {
  const { min, max } = SETTINGS_RANGES[name]
  return `${formatNumber(min)}–${formatNumber(max)}`
}

interface NumberFieldProps extends FieldGroupProps {
  name: NumberFieldName
  description: string
  unit?: string
}

/** A whole-number setting: typed as text so a half-typed value stays visible with its error. */
export function NumberField({
  name,
  description,
  unit,
  draft,
  errors,
  onChange
}: NumberFieldProps) {
  const value = draft[name]
  const error = errors[name]
  return (
    <Field
      id={fieldId(name)}
      label={FIELD_LABELS[name]}
      error={error}
      aside={unit}
      help={`${description} Allowed: ${rangeText(name)}.`}
    >
      {(control) => (
        <input
          {...control}
          className="input input--number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      )}
    </Field>
  )
}
