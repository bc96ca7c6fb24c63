import { useId } from 'react'
import type { McpBundleField, McpBundleValue, McpBundleValues } from '@shared/mcp/bundles'

/** The settings a bundle asks for (`user_config`), as its manifest types them. */
export function BundleFields({
  fields,
  values,
  onChange
}: {
  fields: McpBundleField[]
  values: McpBundleValues
  onChange: (key: string, value: McpBundleValue) => void
}) {
  if (fields.length === 0) return null
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Settings it asks for</legend>
      {fields.map((field) => (
        <BundleField
          key={field.key}
          field={field}
          value={values[field.key]}
          onChange={(value) => onChange(field.key, value)}
        />
      ))}
    </fieldset>
  )
}

function BundleField({
  field,
  value,
  onChange
}: {
  field: McpBundleField
  value: McpBundleValue | undefined
  onChange: (value: McpBundleValue) => void
}) {
  const id = useId()
  const help = `${id}-help`
  const label = `${field.title}${field.required ? ' (required)' : ''}`
  const note = field.sensitive
    ? field.kept
      ? ' Kept in the system keychain; leave it empty to keep it.'
      : ' Kept in the system keychain, never in a settings file.'
    : ''
  const description = (
    <span id={help} className="text-xs text-muted">
      {field.description}
      {note}
    </span>
  )
  if (field.type === 'boolean')
    return (
      <label htmlFor={id} className="flex items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          aria-describedby={help}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="flex flex-col">
          {label}
          {description}
        </span>
      </label>
    )
  const text = Array.isArray(value) ? value.join('\n') : value === undefined ? '' : String(value)
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm">
      {label}
      {field.multiple ? (
        <textarea
          id={id}
          className="input input--mono"
          rows={3}
          aria-describedby={help}
          value={text}
          placeholder="One per line"
          onChange={(e) => onChange(e.target.value.split('\n'))}
        />
      ) : (
        <input
          id={id}
          className={field.type === 'string' ? 'input' : 'input input--mono'}
          type={field.sensitive ? 'password' : field.type === 'number' ? 'number' : 'text'}
          autoComplete="off"
          aria-describedby={help}
          required={field.required}
          {...(field.min !== undefined ? { min: field.min } : {})}
          {...(field.max !== undefined ? { max: field.max } : {})}
          placeholder={
            field.type === 'directory'
              ? 'The full path of a folder'
              : field.type === 'file'
                ? 'The full path of a file'
                : undefined
          }
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {description}
    </label>
  )
}
