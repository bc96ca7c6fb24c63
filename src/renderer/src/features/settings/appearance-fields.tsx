import { SETTINGS_RANGES } from '@shared/settings'
import { Card } from '../../components/card'
import { ChoiceGroup } from '../../components/choice-group'
import { Field } from '../../components/field'
import { formatNumber } from '../../lib/format'
import type { FieldGroupProps } from './field-group'
import { FIELD_LABELS, fieldId } from './field-labels'

export function GuidanceField({ draft, errors, onChange }: FieldGroupProps) {
  const max = SETTINGS_RANGES.guidanceChars.max
  return (
    <Card
      title="Guidance"
      description="Told to Claude in every conversation: how you want its memory kept."
    >
      <Field
        id={fieldId('memoryGuidance')}
        label={FIELD_LABELS.memoryGuidance}
        wide
        error={errors.memoryGuidance}
        help={`${formatNumber(draft.memoryGuidance.length)} of ${formatNumber(max)} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={4}
            value={draft.memoryGuidance}
            onChange={(event) => onChange('memoryGuidance', event.currentTarget.value)}
          />
        )}
      </Field>
    </Card>
  )
}

export function ThemeField({ draft, onChange }: FieldGroupProps) {
  return (
    <Card title="Appearance">
      <ChoiceGroup
        legend="Theme"
        name="theme"
        layout="segmented"
        value={draft.theme}
        onChange={(value) => onChange('theme', value)}
        choices={[
          { value: 'system', label: 'System' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' }
        ]}
        help="System follows your computer's light or dark mode. Applied when you save."
      />
    </Card>
  )
}
