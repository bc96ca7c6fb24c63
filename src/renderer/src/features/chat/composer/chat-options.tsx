import { useState } from 'react'
import type { ModelOption } from '@shared/chat/models'
import { lifecycleFlag, newestOfLine } from '@shared/models/model-choice'
import { useModelList } from '../../settings/models/use-model-list'
import {
  InstructionsButton,
  MemorySwitch,
  ModelPicker,
  RetiredNotice
} from './chat-option-controls'
import { InstructionsDialog } from './instructions-dialog'
import { useChatOptions } from './use-chat-options'
import { useModelInfo } from '../use-model-info'
import { WebControl } from '../web/web-control'
import { ServersControl } from '../tools/servers-control'

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
        <ModelPicker
          model={options.model}
          choices={choices}
          retiring={flag === 'deprecated' && current ? current : null}
          onChange={chat.setModel}
        />
        <InstructionsButton own={options.instructions !== null} onOpen={() => setEditing(true)} />
        <MemorySwitch off={memoryOff} onToggle={() => chat.setMemory(memoryOff ? 'on' : 'off')} />
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
        <RetiredNotice model={current} successor={successor} onSwitch={chat.setModel} />
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
