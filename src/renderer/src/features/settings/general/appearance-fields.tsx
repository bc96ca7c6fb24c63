import { useState } from 'react'
import { SETTINGS_RANGES, type Settings } from '@shared/app/settings'
import { Card } from '../../../components/card'
import { ChoiceGroup } from '../../../components/choice-group'
import { Field } from '../../../components/field'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { formatNumber } from '../../../lib/format'
import type { FieldGroupProps } from '../field-group'
import { FIELD_LABELS, fieldId } from '../field-labels'

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

/** The theme applies the moment it is picked: a look is tried, not drafted (no Save needed). */
export function ThemeCard({
  settings,
  onSaved
}: {
  settings: Settings
  onSaved: (settings: Settings) => void
}) {
  const [shown, setShown] = useState<Settings['theme'] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const pick = (theme: Settings['theme']): void => {
    setShown(theme)
    setError(null)
    document.documentElement.dataset.theme = theme
    call((api) => api.settings.update({ theme })).then(
      (saved) => {
        onSaved(saved)
        setShown(null)
      },
      (failure: unknown) => {
        setShown(null)
        document.documentElement.dataset.theme = settings.theme
        setError(toShownError(failure).message)
      }
    )
  }
  return (
    <Card title="Appearance">
      <ChoiceGroup
        legend="Theme"
        name="theme"
        layout="segmented"
        value={shown ?? settings.theme}
        onChange={pick}
        choices={[
          { value: 'system', label: 'System' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' }
        ]}
        help="System follows your computer's light or dark mode. Changes right away."
      />
      {error ? (
        <p role="alert" className="inline-status inline-status--error">
          Could not change the theme: {error}
        </p>
      ) : null}
    </Card>
  )
}
