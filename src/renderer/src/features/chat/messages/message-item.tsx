import { memo, useState } from 'react'
import { Info } from 'lucide-react'
import type { AssistantMessage, ChatMessage, ToolResultBlock, Usage } from '@shared/chat/chat'
import type { CostTotal } from '@shared/models/cost'
import { AnswerModel } from '../turn-status/answer-model'
import { FaultActions } from '../turn-status/fault-actions'
import { attachmentsIn, MessageAttachments } from '../attachments/message-attachments'
import { Markdown } from '../markdown/markdown'
import { MemoryChip, type ChipData } from '../memory-chips/memory-chip'
import { chipOf, isWrite } from '../memory-chips/chip-of'
import { MemoryChipGroup } from '../memory-chips/memory-chip-group'
import { ToolCallChip } from '../tools/tool-call-chip'
import { ThinkingRun } from '../thinking/thinking-block'
import { Sources, WebToolRun } from '../web/web-blocks'
import { TOOL_SEARCH_NAMES } from '@shared/chat/tool-search'
import { ToolSearchRun } from '../tools/tool-search-run'
import { UsageLine } from '../turn-status/usage-line'
import { StopNote } from '../turn-status/stop-note'

export type Results = ReadonlyMap<string, ToolResultBlock>

function Assistant({
  message,
  results,
  usage,
  cost,
  onOpen,
  onRetry,
  onOpenKey,
  onContinue,
  showModel,
  writesFolded,
  writes
}: {
  message: AssistantMessage
  results: Results
  writesFolded: boolean
  writes: ChipData[] | undefined
  usage?: Usage | undefined
  cost?: CostTotal | undefined
  onOpen(path: string): void
  onRetry?: (() => void) | undefined
  onOpenKey?: (() => void) | undefined
  onContinue?: (() => void) | undefined
  showModel: boolean
}) {
  return (
    <div className="flex flex-col">
      {message.content.map((block, i) => {
        if (block.type === 'text')
          return block.citations?.length ? (
            <div key={i}>
              <Markdown text={block.text} />
              <Sources citations={block.citations} />
            </div>
          ) : (
            <Markdown key={i} text={block.text} />
          )
        if (block.type === 'server_tool_use')
          return TOOL_SEARCH_NAMES.includes(block.name) ? (
            <ToolSearchRun key={block.id} block={block} content={message.content} />
          ) : (
            <WebToolRun key={block.id} block={block} content={message.content} />
          )
        if (block.type === 'thinking' || block.type === 'redacted_thinking')
          return <ThinkingRun key={i} content={message.content} at={i} />
        if (block.type !== 'tool_use') return null
        // Shown in the answer's group of changes (turn-writes.ts) instead.
        if (writesFolded && isWrite(block)) return null
        const chip = chipOf(block, results.get(block.id), message)
        if (block.name !== 'memory')
          return (
            <ToolCallChip
              key={block.id}
              call={{
                name: block.name,
                input: block.input,
                status: chip.status,
                result: chip.result,
                shown: results.get(block.id)?.shown,
                images: results.get(block.id)?.images
              }}
            />
          )
        return <MemoryChip key={block.id} chip={chip} onOpen={onOpen} />
      })}
      {writes ? <MemoryChipGroup chips={writes} onOpen={onOpen} /> : null}
      {message.status === 'interrupted' ? (
        <p className="text-xs text-muted italic">Stopped.</p>
      ) : message.status === 'complete' ? (
        <StopNote stopReason={message.stopReason} onContinue={onContinue} />
      ) : null}
      {message.error ? (
        <div
          role="alert"
          className="mt-2 rounded-control border border-danger/40 bg-danger-soft p-3 text-sm"
        >
          <p className="font-medium text-danger">{message.error.message}</p>
          <p className="text-muted">{message.error.nextStep}</p>
          <FaultActions fault={message.error} onRetry={onRetry} onOpenKey={onOpenKey} />
        </div>
      ) : null}
      {showModel ? <AnswerModel model={message.model} /> : null}
      {usage ? (
        <UsageLine usage={usage} cost={cost} partial={message.status !== 'complete'} />
      ) : null}
    </div>
  )
}

/** Past this many lines (or characters, for one long line), a sent message shows folded. */
const FOLD_LINES = 12
const FOLD_CHARS = 1_200

/**
 * The long messages opened this session, by id. Kept outside the row: the list mounts rows as
 * they scroll into view (and again when one grows), and an opened message must stay open.
 */
const opened = new Set<string>()

/** Your message as you wrote it; a long one (a big paste) folds to a dozen lines, opened on demand. */
function UserText({ id, text }: { id: string; text: string }) {
  const [open, setOpen] = useState(() => opened.has(id))
  const toggle = () => {
    if (open) opened.delete(id)
    else opened.add(id)
    setOpen(!open)
  }
  const lines = text.split('\n').length
  const long = lines > FOLD_LINES || text.length > FOLD_CHARS
  const folded = long && !open
  return (
    <div className="ml-auto flex max-w-[80%] flex-col items-end gap-1">
      <div className="rounded-card bg-accent-soft px-3.5 py-2" data-testid="user-text">
        {/* The clamp on an inner box: on the padded bubble, the next line would show below it. */}
        <div className={`whitespace-pre-wrap ${folded ? 'line-clamp-12' : ''}`}>{text}</div>
      </div>
      {long ? (
        <button
          type="button"
          className="text-xs text-muted underline-offset-2 hover:underline"
          aria-expanded={open}
          onClick={toggle}
        >
          {open
            ? 'Show less'
            : `Show all (${lines > 1 ? `${lines.toLocaleString()} lines, ` : ''}${text.length.toLocaleString()} characters)`}
        </button>
      ) : null}
    </div>
  )
}

/** One row of the conversation: your message, Claude's answer, or a notice. Memoized: a
 *  streaming reply re-renders the list many times a second, and saved rows never change. */
export const MessageItem = memo(function MessageItem({
  message,
  results,
  usage,
  cost,
  onOpen,
  onRetry,
  onOpenKey,
  onContinue,
  showModel = true,
  writesFolded = false,
  writes
}: {
  message: ChatMessage
  results: Results
  /** This reply's changes are shown in its answer's group, not one by one. */
  writesFolded?: boolean
  /** On an answer's last reply: the answer's changes as one group, with Undo all. */
  writes?: ChipData[] | undefined
  /** The whole answer's usage, on its last reply only (see answer-usage.ts). */
  usage?: Usage | undefined
  /** And what it cost (tokens only when the model has no price). */
  cost?: CostTotal | undefined
  onOpen(path: string): void
  onRetry?: (() => void) | undefined
  /** A key Anthropic refused: to the key field in Settings. */
  onOpenKey?: (() => void) | undefined
  /** The last answer stopped part-way (the reply limit, a pause): go on with it. */
  onContinue?: (() => void) | undefined
  /** The last reply of an answer names the model; earlier rounds of the same answer do not. */
  showModel?: boolean
}) {
  if (message.role === 'notice')
    return (
      <p
        role="note"
        className="mx-auto my-2 flex items-center gap-2 rounded-full bg-sunken px-3 py-1 text-xs text-muted"
      >
        <Info size={12} aria-hidden />
        {message.text}
      </p>
    )
  if (message.role === 'user') {
    const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n')
    const files = attachmentsIn(message)
    if (!text && files.length === 0) return null // tool results travel as user messages; their chips show them
    return (
      <>
        {files.length > 0 ? <MessageAttachments files={files} /> : null}
        {text ? <UserText id={message.id} text={text} /> : null}
      </>
    )
  }
  return (
    <Assistant
      message={message}
      results={results}
      usage={usage}
      cost={cost}
      onOpen={onOpen}
      onRetry={onRetry}
      onOpenKey={onOpenKey}
      onContinue={onContinue}
      showModel={showModel}
      writesFolded={writesFolded}
      writes={writes}
    />
  )
})
