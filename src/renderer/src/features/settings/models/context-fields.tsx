import { Card } from '../../../components/card'
import type { FieldGroupProps } from '../field-group'
import { NumberField } from '../number-field'

export function ContextFields(props: FieldGroupProps) {
  const { draft, onChange } = props
  return (
    <Card
      title="Long conversations"
      description="When a conversation gets long, Cairn drops what Claude looked up in memory earlier in it (Claude can look again), so there is room left for the answer."
    >
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.contextEnabled}
          onChange={(event) => onChange('contextEnabled', event.currentTarget.checked)}
        />
        <span>Drop old memory look-ups automatically</span>
      </label>
      <div className="field-grid">
        <NumberField
          {...props}
          name="triggerTokens"
          unit="tokens"
          description="A token is about three quarters of a word."
        />
        <NumberField
          {...props}
          name="keepToolUses"
          description="This many of the latest look-ups are always kept."
        />
      </div>
    </Card>
  )
}
