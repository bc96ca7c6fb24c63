import { useId } from 'react'
import { useModelList } from '../settings/models/use-model-list'

/**
 * The model a new chat in the project starts with ('' : the one from Settings). The chat's own
 * picker still changes it per chat.
 */
export function DefaultModelField(props: { value: string; onChange(model: string): void }) {
  const id = useId()
  const helpId = useId()
  const models = useModelList(true)
  const listed = models.list?.models ?? []
  // A model the list no longer names (retired, or not loaded yet) stays choosable as itself.
  const choices =
    props.value && !listed.some((m) => m.id === props.value)
      ? [...listed, { id: props.value, displayName: props.value }]
      : listed
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium">
        Model for new chats
      </label>
      <select
        id={id}
        className="input max-w-80"
        aria-describedby={helpId}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">The model from Settings</option>
        {choices.map((model) => (
          <option key={model.id} value={model.id}>
            {model.displayName}
          </option>
        ))}
      </select>
      <p id={helpId} className="text-xs text-muted">
        {models.error
          ? `The model list could not be loaded: ${models.error}`
          : 'Each chat can still pick another model in its header.'}
      </p>
    </div>
  )
}
