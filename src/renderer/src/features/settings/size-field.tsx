import { SETTINGS_RANGES } from '@shared/app/settings'
import { formatSizeInput, parseSize } from '@shared/sizes'
import { Field } from '../../components/field'
import { formatNumber } from '../../lib/format'
import type { FieldGroupProps } from './field-group'
import { FIELD_LABELS, fieldId } from './field-labels'
import type { SizeField as SizeFieldName } from './settings-draft'

interface SizeFieldProps extends FieldGroupProps {
  name: SizeFieldName
  description: string
}

/** A size setting typed with its unit ("64 KB", "1.5 MB"); the exact bytes are shown beside it. */
export function SizeField({ name, description, draft, errors, onChange }: SizeFieldProps) {
  const value = draft[name]
  const parsed = parseSize(value)
  const error = errors[name]
  const { min, max } = SETTINGS_RANGES[name]
  return (
    <Field
      id={fieldId(name)}
      label={FIELD_LABELS[name]}
      error={error}
      aside={!error && parsed.ok ? `= ${formatNumber(parsed.bytes)} bytes` : undefined}
      help={`${description} Allowed: ${formatSizeInput(min)} to ${formatSizeInput(max)}; type KB or MB, e.g. 64 KB or 1.5 MB.`}
    >
      {(control) => (
        <input
          {...control}
          className="input input--number"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      )}
    </Field>
  )
}
