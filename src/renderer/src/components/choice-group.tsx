import type { ReactNode } from 'react'

export interface Choice<V extends string> {
  value: V
  label: string
  description?: string
}

interface ChoiceGroupProps<V extends string> {
  legend: string
  name: string
  value: V
  choices: readonly Choice<V>[]
  onChange: (value: V) => void
  layout?: 'stack' | 'segmented'
  help?: ReactNode
}

/** Radio buttons in a fieldset: one choice of a few, each with a short explanation. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  layout = 'stack',
  help
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className={`choice-group choice-group--${layout}`}>
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice__text">
              <span className="choice__label">{choice.label}</span>
              {choice.description ? (
                <span className="choice__description">{choice.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {help ? <p className="field__help">{help}</p> : null}
    </fieldset>
  )
}
