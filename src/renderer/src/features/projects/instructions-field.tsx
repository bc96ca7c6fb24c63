import { useId } from 'react'
import { CUSTOM_INSTRUCTIONS_MAX } from '@shared/app/settings'
import { formatNumber } from '../../lib/format'

/** A project's instructions: added to the system prompt of every chat in it. */
export function InstructionsField(props: { value: string; onChange(value: string): void }) {
  const id = useId()
  const helpId = useId()
  const tooLong = props.value.length > CUSTOM_INSTRUCTIONS_MAX
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium">
        Instructions
      </label>
      <textarea
        id={id}
        className="input"
        rows={4}
        aria-describedby={helpId}
        aria-invalid={tooLong || undefined}
        placeholder="For example: answer as a reviewer of this codebase; prefer TypeScript."
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      <p id={helpId} className={`text-xs ${tooLong ? 'text-danger' : 'text-muted'}`}>
        Added to the system prompt of every chat in the project. {formatNumber(props.value.length)}{' '}
        of {formatNumber(CUSTOM_INSTRUCTIONS_MAX)} characters
        {tooLong ? ': shorten them to save.' : '.'}
      </p>
    </div>
  )
}

/** Instructions over the limit cannot be saved (main would refuse them). */
export const instructionsTooLong = (text: string) => text.length > CUSTOM_INSTRUCTIONS_MAX
