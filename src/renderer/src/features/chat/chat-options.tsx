import { useState } from 'react'
import { Brain, BrainCircuit, BrainOff, ScrollText } from 'lucide-react'
import type { ModelOption } from '@shared/chat'
import { modelLabel } from '@shared/model-choice'
import { useModelList } from '../settings/use-model-list'
import { InstructionsDialog } from './instructions-dialog'
import { useChatOptions } from './use-chat-options'

/**
 * The chat header's own controls for one conversation: its model, its instructions and its
 * memory switch. Changes apply from the next message.
 */
export function ChatOptions({ conversationId }: { conversationId: string }) {
  const chat = useChatOptions(conversationId)
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
    <div className="ml-auto flex shrink-0 flex-wrap items-center justify-end gap-2">
      {memoryOff ? (
        <span
          role="status"
          className="flex items-center gap-1.5 rounded-full border border-warning-line bg-warning-soft px-2.5 py-0.5 text-xs font-medium text-fg"
        >
          <BrainOff size={14} aria-hidden className="text-warning" />
          Memory off for this chat
        </span>
      ) : null}
      <label className="flex items-center gap-1.5 text-sm">
        <BrainCircuit size={14} aria-hidden className="text-muted" />
        <span className="sr-only">Model for this chat</span>
        <select
          className="input max-w-64 py-1 text-sm"
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
        className="button button--quiet"
        onClick={() => setEditing(true)}
        aria-haspopup="dialog"
      >
        <ScrollText size={14} aria-hidden />
        {options.instructions === null ? 'Instructions' : 'Instructions: this chat'}
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={!memoryOff}
        className="button button--quiet"
        title={memoryOff ? 'Turn memory on for this chat' : 'Turn memory off for this chat'}
        onClick={() => chat.setMemory(memoryOff ? 'on' : 'off')}
      >
        {memoryOff ? <BrainOff size={14} aria-hidden /> : <Brain size={14} aria-hidden />}
        Memory
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
