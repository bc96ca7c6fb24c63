import { Card } from '../../components/card'
import { Field } from '../../components/field'
import type { FieldGroupProps } from './field-group'
import { FIELD_LABELS, fieldId } from './field-labels'
import { NumberField } from './number-field'

export function ModelFields(props: FieldGroupProps) {
  const { draft, errors, onChange } = props
  return (
    <Card
      title="Model and replies"
      description="Which Claude model answers, and how long it may write."
    >
      <div className="field-grid">
        <Field
          id={fieldId('model')}
          label={FIELD_LABELS.model}
          error={errors.model}
          help="A Claude model ID, e.g. claude-sonnet-4-6. Allowed: 1–100 characters."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={draft.model}
              onChange={(event) => onChange('model', event.currentTarget.value)}
            />
          )}
        </Field>
        <NumberField
          {...props}
          name="maxTokens"
          unit="tokens"
          description="The longest reply Claude may write."
        />
      </div>
    </Card>
  )
}
