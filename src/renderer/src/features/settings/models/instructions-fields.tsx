import { CUSTOM_INSTRUCTIONS_MAX } from '@shared/app/settings'
import { Card } from '../../../components/card'
import { Field } from '../../../components/field'
import { formatNumber } from '../../../lib/format'
import type { FieldGroupProps } from '../field-group'
import { FIELD_LABELS, fieldId } from '../field-labels'

/** Precedence in one line, the same in Settings and in a chat's own instructions. */
export const INSTRUCTIONS_PRECEDENCE =
  "A chat's own instructions replace these; the memory guidance is sent beside either, in chats with memory."

/** The user's own system prompt for every chat, and whether new chats start with memory. */
export function InstructionsFields({ draft, errors, onChange }: FieldGroupProps) {
  return (
    <Card
      title="Instructions and new chats"
      description="Told to Claude at the start of every chat, before anything you write."
    >
      <Field
        id={fieldId('customInstructions')}
        label={FIELD_LABELS.customInstructions}
        wide
        error={errors.customInstructions}
        help={`${INSTRUCTIONS_PRECEDENCE} ${formatNumber(draft.customInstructions.length)} of ${formatNumber(CUSTOM_INSTRUCTIONS_MAX)} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={4}
            placeholder="For example: Answer briefly, in British English. I work in Python."
            value={draft.customInstructions}
            onChange={(event) => onChange('customInstructions', event.currentTarget.value)}
          />
        )}
      </Field>
      <label className="checkbox">
        <input
          type="checkbox"
          aria-describedby="new-chat-memory-help"
          checked={draft.newChatMemory === 'off'}
          onChange={(event) =>
            onChange('newChatMemory', event.currentTarget.checked ? 'off' : 'on')
          }
        />
        Start new chats without memory
      </label>
      <p id="new-chat-memory-help" className="field__help">
        Claude then gets no memory tool and nothing is read from or saved to memory. Each chat can
        still turn memory on in its header.
      </p>
    </Card>
  )
}
