import { Card } from '../../components/card'
import type { FieldGroupProps } from './field-group'
import { NumberField } from './number-field'

export function ContextFields(props: FieldGroupProps) {
  const { draft, onChange } = props
  return (
    <Card
      title="Context editing"
      description="In long conversations, clear old tool results so Claude keeps room to think."
    >
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.contextEnabled}
          onChange={(event) => onChange('contextEnabled', event.currentTarget.checked)}
        />
        <span>Clear old tool results automatically</span>
      </label>
      <div className="field-grid">
        <NumberField
          {...props}
          name="triggerTokens"
          unit="tokens"
          description="Start clearing when the conversation reaches this size."
        />
        <NumberField
          {...props}
          name="keepToolUses"
          description="The newest tool results are always kept."
        />
      </div>
    </Card>
  )
}
