import { Card } from '../../../components/card'
import { ChoiceGroup } from '../../../components/choice-group'
import type { FieldGroupProps } from '../field-group'

/** What happens when a memory write holds a credential (see the engine's secret guard). */
export function SecretGuardFields({ draft, onChange }: FieldGroupProps) {
  return (
    <Card
      title="Secret guard"
      description="Keeps API keys, tokens, passwords, private keys and card numbers out of memory. Memory files are sent to Claude whenever it reads them."
    >
      <ChoiceGroup
        legend="When Claude tries to save a secret"
        name="secret-mode"
        value={draft.secretMode}
        onChange={(value) => onChange('secretMode', value)}
        choices={[
          {
            value: 'refuse',
            label: 'Refuse the change',
            description:
              'Nothing is written; Claude is told what kind of secret it was and on which line.'
          },
          {
            value: 'redact',
            label: 'Redact the secret',
            description: 'The rest is saved, with the secret replaced by [redacted: its kind].'
          }
        ]}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.secretCheckUserEdits}
          onChange={(event) => onChange('secretCheckUserEdits', event.currentTarget.checked)}
        />
        <span>
          Check my own edits too (warns before saving; you can still save anyway or redact)
        </span>
      </label>
    </Card>
  )
}
