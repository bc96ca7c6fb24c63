import { useState } from 'react'
import { Brain, BrainOff, ScrollText } from 'lucide-react'
import type { ModelOption } from '@shared/chat'
import { modelLabel } from '@shared/model-choice'
import { useModelList } from '../settings/use-model-list'
import { InstructionsDialog } from './instructions-dialog'
import { useChatOptions } from './use-chat-options'

/**
 * The chat header's own controls for one conversation: its model, its instructions and its
 * memory switch. Changes apply from the next message.
 */
export function ChatOptions({
  conversationId,
  onChange
}: {
  conversationId: string
  /** After a change is saved (the model decides what else the header offers). */
  onChange?: () => void
}) {
  const chat = useChatOptions(conversationId, onChange)
  const models = useModelList(true)
  const [editing, setEditing] = useState(false)
  const options = chat.options
  if (!options) return null
  const listed: ModelOption[] = models.list?.models ?? []
  const choices = listed.some((m) => m.id === options.model)
    ? listed
    : [...listed, { id: options.model, displayName: options.model }]
  const memoryOff = options.memory === 'off'
  return (
    <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
      <label className="flex items-center text-sm">
        <span className="sr-only">Model for this chat</span>
        <select
          className="input max-w-56 py-1 text-sm"
          title={options.model}
          value={options.model}
          onChange={(event) => chat.setModel(event.currentTarget.value)}
        >
          {choices.map((model) => (
            <option key={model.id} value={model.id} disabled={model.lifecycle === 'retired'}>
              {modelLabel(model, { withId: false })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--quiet py-1 text-sm"
        onClick={() => setEditing(true)}
        aria-haspopup="dialog"
        title={options.instructions === null ? 'Instructions' : 'Instructions: this chat'}
      >
        <ScrollText size={14} aria-hidden />
        {/* A narrow header keeps the icon; the name stays for screen readers and the tooltip. */}
        <span className="sr-only @3xl:not-sr-only">
          {options.instructions === null ? 'Instructions' : 'Instructions: this chat'}
        </span>
      </button>
      {/* The switch is also the notice: off reads "Memory off for this chat", in the warning colours. */}
      <button
        type="button"
        role="switch"
        aria-checked={!memoryOff}
        className={
          memoryOff
            ? 'button border-warning-line bg-warning-soft py-1 text-sm text-fg'
            : 'button button--quiet py-1 text-sm'
        }
        title={memoryOff ? 'Turn memory on for this chat' : 'Turn memory off for this chat'}
        onClick={() => chat.setMemory(memoryOff ? 'on' : 'off')}
      >
        {memoryOff ? (
          <BrainOff size={14} aria-hidden className="shrink-0 text-warning" />
        ) : (
          <Brain size={14} aria-hidden className="shrink-0" />
        )}
        {memoryOff ? (
          'Memory off for this chat'
        ) : (
          <span className="sr-only @3xl:not-sr-only">Memory on</span>
        )}
      </button>
      {chat.error ? (
        <p role="alert" className="basis-full text-right text-xs text-danger">
          {chat.error.message}
          {chat.error.nextStep ? ` ${chat.error.nextStep}` : ''}
        </p>
      ) : null}
      <InstructionsDialog
        open={editing}
        instructions={options.instructions}
        onClose={() => setEditing(false)}
        onSave={(instructions) => {
          setEditing(false)
          chat.setInstructions(instructions)
        }}
      />
    </div>
  )
}
