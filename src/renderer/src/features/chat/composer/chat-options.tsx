import { useState } from 'react'
import { Brain, BrainOff, ScrollText } from 'lucide-react'
import type { ModelOption } from '@shared/chat/models'
import { lifecycleFlag, modelLabel, newestOfLine } from '@shared/models/model-choice'
import { useModelList } from '../../settings/models/use-model-list'
import { InstructionsDialog } from './instructions-dialog'
import { useChatOptions } from './use-chat-options'
import { useModelInfo } from '../use-model-info'
import { WebControl } from '../web/web-control'
import { ServersControl } from '../tools/servers-control'

/** The picker's name for a model, saying so when the API described nothing of what it takes. */
function pickerLabel(model: ModelOption): string {
  const label = modelLabel(model, { withId: false })
  return model.caps ? label : `${label} (capabilities unknown)`
}

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
  const info = useModelInfo(options?.model)
  if (!options) return null
  const listed: ModelOption[] = models.list?.models ?? []
  const current = info ?? listed.find((m) => m.id === options.model)
  const choices = listed.some((m) => m.id === options.model)
    ? listed.map((m) => (m.id === options.model && current ? { ...m, ...current } : m))
    : [...listed, current ?? { id: options.model, displayName: options.model }]
  const memoryOff = options.memory === 'off'
  const flag = current ? lifecycleFlag(current) : null
  const successor =
    flag === 'retired' && current ? newestOfLine(listed, current.line, current.id) : null
  // The controls keep their size on one line (the title beside them gives way first); notes and
  // errors take a row of their own at the header's foot (`order-last`, the header wraps).
  return (
    <>
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <label className="flex items-center text-sm">
          <span className="sr-only">Model for this chat</span>
          <select
            className="input max-w-44 py-1 text-sm text-ellipsis"
            title={options.model}
            value={options.model}
            onChange={(event) => chat.setModel(event.currentTarget.value)}
          >
            {choices.map((model) => (
              <option key={model.id} value={model.id} disabled={model.lifecycle === 'retired'}>
                {pickerLabel(model)}
              </option>
            ))}
          </select>
        </label>
        {flag === 'deprecated' && current?.retiresAt ? (
          <span
            className="rounded border border-warning-line bg-warning-soft px-1.5 py-0.5 text-xs whitespace-nowrap text-fg"
            title={`${current.displayName} is deprecated: Anthropic retires it on ${current.retiresAt.slice(0, 10)}, after which messages to it fail.`}
          >
            Retires {current.retiresAt.slice(0, 10)}
          </span>
        ) : null}
        <button
          type="button"
          className="button button--quiet px-2.5 py-1 text-sm"
          onClick={() => setEditing(true)}
          aria-haspopup="dialog"
          title={options.instructions === null ? 'Instructions' : 'Instructions: this chat'}
        >
          <ScrollText size={14} aria-hidden />
          {/* A narrow header keeps the icon; the name stays for screen readers and the tooltip. */}
          <span className="sr-only @5xl:not-sr-only">
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
              ? 'button border-warning-line bg-warning-soft px-2.5 py-1 text-sm text-fg'
              : 'button button--quiet px-2.5 py-1 text-sm'
          }
          title={
            memoryOff
              ? 'Memory is off for this chat: Claude neither reads nor writes it. Click to turn it on.'
              : 'Memory is on for this chat: Claude can read and write it. Click to turn it off.'
          }
          onClick={() => chat.setMemory(memoryOff ? 'on' : 'off')}
        >
          {memoryOff ? (
            <BrainOff size={14} aria-hidden className="shrink-0 text-warning" />
          ) : (
            <Brain size={14} aria-hidden className="shrink-0" />
          )}
          {memoryOff ? (
            <span>
              Memory off<span className="sr-only @5xl:not-sr-only"> for this chat</span>
            </span>
          ) : (
            // The state in words wherever the header has room (the memory switch matters most).
            <span className="sr-only @[52rem]:not-sr-only">Memory on</span>
          )}
        </button>
        <WebControl options={options} model={info} onChange={chat.setWeb} />
        <ServersControl options={options} model={info} onChange={chat.setServersOff} />
      </div>
      {info === null || (info && !info.caps) ? (
        <p className="order-last basis-full text-right text-xs text-muted">
          The Anthropic API did not say what this model takes: Cairn sends no thinking or effort,
          and the reply limit is Max tokens from Settings.
        </p>
      ) : null}
      {flag === 'retired' && current ? (
        <p role="alert" className="order-last basis-full text-right text-xs text-danger">
          {current.displayName} was retired
          {current.retiresAt ? ` on ${current.retiresAt.slice(0, 10)}` : ''}: messages to it fail.{' '}
          {successor ? (
            <button
              type="button"
              className="button py-0.5 text-xs"
              onClick={() => chat.setModel(successor.id)}
            >
              Switch to {successor.displayName}
            </button>
          ) : (
            'Choose another model above.'
          )}
        </p>
      ) : null}
      {chat.error ? (
        <p role="alert" className="order-last basis-full text-right text-xs text-danger">
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
    </>
  )
}
