import { useId } from 'react'
import type { TidyMode } from '@shared/tidy/batch'

// When a suggested tidy runs: now, in a live session, or as a Message Batch that is ready for
// review in a few hours at half the price.

export type TidyWhenChoice = TidyMode

const CHOICES: Array<{ value: TidyWhenChoice; label: string; hint: string }> = [
  { value: 'live', label: 'Now', hint: 'Claude works through the folder while you wait.' },
  {
    value: 'batch',
    label: 'As a batch (ready in a few hours, half price)',
    hint: 'One request with the whole folder; Memory says when it is ready for review.'
  }
]

export function TidyWhen({
  value,
  onChange
}: {
  value: TidyWhenChoice
  onChange(next: TidyWhenChoice): void
}) {
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-[13px] font-medium">When</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2">
          <input
            type="radio"
            name={name}
            className="mt-1"
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span className="flex flex-col">
            <span>{choice.label}</span>
            <span className="text-[13px] text-muted">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
