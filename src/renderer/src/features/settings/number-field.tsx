import { SETTINGS_RANGES } from '@shared/settings'
import { Field } from '../../components/field'
import { formatBytes, formatNumber, parseWholeNumber } from '../../lib/format'
import type { FieldGroupProps } from './field-group'
import { FIELD_LABELS, fieldId } from './field-labels'

export type NumberFieldName =
  | 'maxTokens'
  | 'maxToolRounds'
  | 'maxFileBytes'
  | 'maxTotalBytes'
  | 'maxFiles'
  | 'maxReadChars'
  | 'expiryDays'
  | 'triggerTokens'
  | 'keepToolUses'

/** "1,024–10,485,760 bytes (1 KB to 10 MB)": the same range the shared schema enforces. */
export function rangeText(name: NumberFieldName, bytes = false): string {
  const { min, max } = SETTINGS_RANGES[name]
  const plain = `${formatNumber(min)}–${formatNumber(max)}`
  return bytes ? `${plain} bytes (${formatBytes(min)} to ${formatBytes(max)})` : plain
}

interface NumberFieldProps extends FieldGroupProps {
  name: NumberFieldName
  description: string
  bytes?: boolean
  unit?: string
}

/** A whole-number setting: typed as text so a half-typed value stays visible with its error. */
export function NumberField({
  name,
  description,
  bytes = false,
  unit,
  draft,
  errors,
  onChange
}: NumberFieldProps) {
  const value = draft[name]
  const parsed = parseWholeNumber(value)
  const error = errors[name]
  const aside = bytes && !error && Number.isFinite(parsed) ? `= ${formatBytes(parsed)}` : unit
  return (
    <Field
      id={fieldId(name)}
      label={FIELD_LABELS[name]}
      error={error}
      aside={aside}
      help={`${description} Allowed: ${rangeText(name, bytes)}.`}
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
