import type { ModelList } from '@shared/chat/models'
import { modelLabel } from '@shared/models/model-choice'
import { AUTO_MODEL, FALLBACK_MODEL } from '@shared/app/settings'
import { Card } from '../../../components/card'
import { Field } from '../../../components/field'
import { Spinner } from '../../../components/icons'
import type { FieldGroupProps } from '../field-group'
import { FIELD_LABELS, fieldId } from '../field-labels'
import { NumberField } from '../number-field'
import { useModelList, type ModelListState } from './use-model-list'

const PICKER_ID = 'field-model-picker'

/** `active`: whether Settings is on screen (the model list is asked for then). */
export function ModelFields(props: FieldGroupProps & { active: boolean }) {
  const { draft, errors, onChange, active } = props
  const models = useModelList(active)
  const listed = models.list?.models ?? []
  const typed = draft.model.trim()
  const chosen = typed === AUTO_MODEL || listed.some((m) => m.id === typed) ? typed : ''
  return (
    <Card
      title="Model and replies"
      description="Which Claude model answers, how long it may write, and how far it may go with memory."
    >
      <div className="field-grid">
        <Field id={PICKER_ID} label="Available models" help={<ModelListStatus state={models} />}>
          {(control) => (
            <>
              <select
                {...control}
                className="input"
                value={chosen}
                onChange={(event) => {
                  if (event.currentTarget.value) onChange('model', event.currentTarget.value)
                }}
              >
                <option value={AUTO_MODEL}>{automaticLabel(models.list)}</option>
                {listed.map((model) => (
                  <option key={model.id} value={model.id}>
                    {modelLabel(model)}
                  </option>
                ))}
                <option value="">
                  {listed.length === 0 ? 'No list yet: type an ID below' : 'Other: typed below'}
                </option>
              </select>
              <button
                type="button"
                className="button"
                onClick={() => models.refresh()}
                disabled={models.loading}
                aria-label="Refresh the model list"
              >
                {models.loading ? <Spinner /> : null}
                Refresh
              </button>
            </>
          )}
        </Field>
        <Field
          id={fieldId('model')}
          label={FIELD_LABELS.model}
          error={errors.model}
          help={`The model ID new chats start with, e.g. claude-sonnet-4-6, or ${AUTO_MODEL} for the newest Sonnet. Pick one above or type any ID (1–100 characters); each chat can change it in its header.`}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={draft.model}
              onChange={(event) => onChange('model', event.currentTarget.value)}
            />
          )}
        </Field>
        <NumberField
          {...props}
          name="maxTokens"
          unit="tokens"
          description="The longest reply Claude may write. A token is about three quarters of a word."
        />
        <NumberField
          {...props}
          name="maxToolRounds"
          unit="rounds"
          description="How many times Claude may go back to memory for one message before Cairn stops and asks you to go on."
        />
      </div>
    </Card>
  )
}

/** Where the list came from, and what to do when it is not fresh. */
function ModelListStatus({ state }: { state: ModelListState }) {
  const { list, loading, error } = state
  let text: string
  if (loading && !list) text = 'Asking the Anthropic API which models your key can use…'
  else if (error) text = `${error} You can still type a model ID below.`
  else if (!list) text = ''
  else if (list.message)
    text =
      list.source === 'default'
        ? `${list.message} Refresh once a key is set or you are back online.`
        : list.message
  else if (list.source === 'api') text = `${list.models.length} models from the Anthropic API.`
  else
    text = `${list.models.length} models, as the Anthropic API listed them${list.fetchedAt ? ` on ${new Date(list.fetchedAt).toLocaleDateString()}` : ''}.`
  return (
    <span role="status" aria-live="polite">
      {text}
    </span>
  )
}

/** "Automatic" names the model it stands for right now. */
export function automaticLabel(list: ModelList | null): string {
  const now = list?.automatic ?? FALLBACK_MODEL
  const model = list?.models.find((m) => m.id === now)
  const name = model && model.displayName !== model.id ? model.displayName : now
  return `Automatic: newest Sonnet (now ${name})`
}
