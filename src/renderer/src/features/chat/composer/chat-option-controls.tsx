import { Brain, BrainOff, ScrollText } from 'lucide-react'
import type { ModelOption } from '@shared/chat/models'
import { modelLabel } from '@shared/models/model-choice'

/** The picker's name for a model, saying so when the API described nothing of what it takes. */
function pickerLabel(model: ModelOption): string {
  const label = modelLabel(model, { withId: false })
  return model.caps ? label : `${label} (capabilities unknown)`
}

/** The chat's model, and a badge with the date a deprecated one retires. */
export function ModelPicker(props: {
  model: string
  choices: readonly ModelOption[]
  /** The chosen model when deprecated with a retirement date. */
  retiring: ModelOption | null
  onChange(model: string): void
}) {
  const { retiring } = props
  return (
    <>
      <label className="flex items-center text-sm">
        <span className="sr-only">Model for this chat</span>
        <select
          className="input max-w-44 py-1 text-sm text-ellipsis"
          title={props.model}
          value={props.model}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        >
          {props.choices.map((model) => (
            <option key={model.id} value={model.id} disabled={model.lifecycle === 'retired'}>
              {pickerLabel(model)}
            </option>
          ))}
        </select>
      </label>
      {retiring?.retiresAt ? (
        <span
          className="rounded border border-warning-line bg-warning-soft px-1.5 py-0.5 text-xs whitespace-nowrap text-fg"
          title={`${retiring.displayName} is deprecated: Anthropic retires it on ${retiring.retiresAt.slice(0, 10)}, after which messages to it fail.`}
        >
          Retires {retiring.retiresAt.slice(0, 10)}
        </span>
      ) : null}
    </>
  )
}

/** Opens the chat's instructions; says when the chat has its own. */
export function InstructionsButton({ own, onOpen }: { own: boolean; onOpen(): void }) {
  const name = own ? 'Instructions: this chat' : 'Instructions'
  return (
    <button
      type="button"
      className="button button--quiet px-2.5 py-1 text-sm"
      onClick={onOpen}
      aria-haspopup="dialog"
      title={name}
    >
      <ScrollText size={14} aria-hidden />
      {/* A narrow header keeps the icon; the name stays for screen readers and the tooltip. */}
      <span className="sr-only @5xl:not-sr-only">{name}</span>
    </button>
  )
}

/** The switch is also the notice: off reads "Memory off for this chat", in the warning colours. */
export function MemorySwitch({ off, onToggle }: { off: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!off}
      className={
        off
          ? 'button border-warning-line bg-warning-soft px-2.5 py-1 text-sm text-fg'
          : 'button button--quiet px-2.5 py-1 text-sm'
      }
      title={
        off
          ? 'Memory is off for this chat: Claude neither reads nor writes it. Click to turn it on.'
          : 'Memory is on for this chat: Claude can read and write it. Click to turn it off.'
      }
      onClick={onToggle}
    >
      {off ? (
        <BrainOff size={14} aria-hidden className="shrink-0 text-warning" />
      ) : (
        <Brain size={14} aria-hidden className="shrink-0" />
      )}
      {off ? (
        <span>
          Memory off<span className="sr-only @5xl:not-sr-only"> for this chat</span>
        </span>
      ) : (
        // The state in words wherever the header has room (the memory switch matters most).
        <span className="sr-only @[52rem]:not-sr-only">Memory on</span>
      )}
    </button>
  )
}

/** The chat's model was retired: messages to it fail; offers the newest of its line. */
export function RetiredNotice(props: {
  model: ModelOption
  successor: ModelOption | null
  onSwitch(model: string): void
}) {
  const { model, successor } = props
  return (
    <p role="alert" className="order-last basis-full text-right text-xs text-danger">
      {model.displayName} was retired
      {model.retiresAt ? ` on ${model.retiresAt.slice(0, 10)}` : ''}: messages to it fail.{' '}
      {successor ? (
        <button
          type="button"
          className="button py-0.5 text-xs"
          onClick={() => props.onSwitch(successor.id)}
        >
          Switch to {successor.displayName}
        </button>
      ) : (
        'Choose another model above.'
      )}
    </p>
  )
}
