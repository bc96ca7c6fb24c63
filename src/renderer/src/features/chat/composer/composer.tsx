import { useEffect, useId, useRef, useState } from 'react'
import { ArrowUp, Paperclip, Square } from 'lucide-react'
import type { SendAttachment } from '@shared/chat/attachments'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { AttachmentTray } from '../attachments/attachment-tray'
import { ResourcePicker } from '../attachments/resource-picker'
import { useAttachments } from '../attachments/use-attachments'
import { useFileDrop } from '../attachments/use-file-drop'
import { PromptForm } from './prompt-form'
import { SlashList, optionId } from './slash-list'
import { useSlashPrompts } from './use-slash-prompts'

interface Props {
  /** The chat it writes in (its MCP servers offer the slash commands and resources). */
  conversationId: string
  running: boolean
  hasKey: boolean | null
  focusOnMount?: boolean
  /** What the box starts with (a cairn://new link's text); sent only when the user sends it. */
  initialText?: string
  /** Resolves false when the message was not sent: the text and files go back in the composer. */
  onSend(text: string, attachments: SendAttachment[]): Promise<boolean> | void
  onStop(): void
  onOpenSettings(): void
  /** Up arrow in the empty composer: edit your last message. */
  onEditLast?: () => void
}

/** Enter sends, Shift+Enter is a new line, Esc (or Stop) stops the answer. */
export function Composer({
  conversationId,
  running,
  hasKey,
  focusOnMount = false,
  initialText = '',
  onSend,
  onStop,
  onOpenSettings,
  onEditLast
}: Props) {
  const [text, setText] = useState(initialText)
  const input = useRef<HTMLTextAreaElement>(null)
  const files = useAttachments()
  const { dropping, dropHandlers, onPaste } = useFileDrop(files.addFiles)
  const slash = useSlashPrompts(conversationId, text)
  const listId = useId()
  const listing = slash.open && slash.matches.length > 0
  /** A chosen prompt: its arguments asked for, or being fetched, or why it failed. */
  const [form, setForm] = useState<{
    prompt: McpPromptInfo
    busy: boolean
    error: string | null
  } | null>(null)
  const insertPrompt = (prompt: McpPromptInfo, args: Record<string, string>) => {
    setForm({ prompt, busy: true, error: null })
    call((api) =>
      api.mcp.getPrompt({ server: prompt.server, name: prompt.name, arguments: args })
    ).then(
      (got) => {
        // Into the box, for the user to read and send: nothing is sent by itself.
        setText(got.text)
        setForm(null)
        input.current?.focus()
      },
      (failure: unknown) => setForm({ prompt, busy: false, error: toShownError(failure).message })
    )
  }
  const choose = (prompt: McpPromptInfo) => {
    slash.dismiss()
    if (prompt.arguments.length > 0) setForm({ prompt, busy: false, error: null })
    else insertPrompt(prompt, {})
  }
  const empty = !text.trim() && files.items.length === 0
  const canType = hasKey !== false
  useEffect(() => {
    if (focusOnMount && canType) input.current?.focus()
  }, [focusOnMount, canType])
  const send = () => {
    // Unknown yet (the window just opened): send, and main answers if no key is set after all.
    if (empty || files.adding || running || hasKey === false) return
    const { refs, taken } = files.take()
    const sent = text
    setText('')
    void Promise.resolve(onSend(sent, refs)).then((ok) => {
      if (ok !== false) return
      setText((now) => now || sent)
      files.restore(taken)
    })
  }
  if (hasKey === false)
    return (
      <div className="border-t border-line p-4 text-center text-sm">
        Cairn needs an Anthropic API key before Claude can answer.{' '}
        <button
          type="button"
          className="font-medium text-accent underline"
          onClick={onOpenSettings}
        >
          Add your key in Settings
        </button>
      </div>
    )
  return (
    <div className="border-t border-line px-6 py-3" {...dropHandlers}>
      <AttachmentTray
        items={files.items}
        problems={files.problems}
        onRemove={(key) => {
          files.remove(key)
          input.current?.focus() // the removed chip took the focus with it
        }}
        onDismiss={files.dismiss}
      />
      {form ? (
        <PromptForm
          key={`${form.prompt.server}/${form.prompt.name}`}
          prompt={form.prompt}
          busy={form.busy}
          error={form.error}
          onInsert={(args) => insertPrompt(form.prompt, args)}
          onCancel={() => {
            setForm(null)
            input.current?.focus()
          }}
        />
      ) : null}
      <div
        className={`relative mx-auto flex max-w-3xl items-end gap-2 rounded-card border bg-surface p-2 focus-within:border-focus ${dropping ? 'border-focus border-dashed' : 'border-line-strong'}`}
      >
        <button
          type="button"
          className="button button--quiet px-2"
          aria-label="Attach files"
          title="Attach images, PDFs or text files (or paste or drop them here)"
          onClick={() => void files.pick()}
        >
          <Paperclip size={16} aria-hidden />
        </button>
        <ResourcePicker
          conversationId={conversationId}
          onAttach={(resource) =>
            void files.addFrom(
              () =>
                call((api) =>
                  api.mcp.attachResource({ server: resource.server, uri: resource.uri })
                ),
              `${resource.serverName} · ${resource.uri}`
            )
          }
        />
        {slash.open ? (
          <SlashList
            id={listId}
            loaded={slash.loaded}
            matches={slash.matches}
            problems={slash.problems}
            active={slash.active}
            onHover={slash.setActive}
            onChoose={choose}
          />
        ) : null}
        <label className="sr-only" htmlFor="composer">
          Message Claude
        </label>
        <textarea
          ref={input}
          id="composer"
          rows={1}
          // Grows with its text, wrapped lines too (a long paste), up to a share of the window.
          className="max-h-[min(40vh,24rem)] min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 outline-none [field-sizing:content]"
          placeholder="Message Claude…"
          aria-autocomplete="list"
          aria-controls={listing ? listId : undefined}
          aria-activedescendant={listing ? optionId(listId, slash.active) : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPaste={onPaste}
          onKeyDown={(event) => {
            // With nothing to choose, only Escape is the list's: Tab moves on, Enter sends.
            if (slash.open && (event.key === 'Escape' || (listing && slashKey(event.key)))) {
              event.preventDefault()
              // Escape closes the list only (a running answer goes on).
              event.stopPropagation()
              const chosen = slash.matches[slash.active]
              if (event.key === 'Escape') slash.dismiss()
              else if (event.key === 'ArrowDown') slash.move(1)
              else if (event.key === 'ArrowUp') slash.move(-1)
              else if (chosen) choose(chosen)
              return
            }
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              send()
            } else if (event.key === 'ArrowUp' && text === '' && onEditLast) {
              event.preventDefault()
              onEditLast()
            } else if (event.key === 'Escape' && running) {
              event.preventDefault()
              onStop()
            }
          }}
        />
        {running ? (
          <button type="button" className="button" onClick={onStop} aria-keyshortcuts="Escape">
            <Square size={14} aria-hidden />
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={send}
            disabled={empty || files.adding}
            aria-label="Send"
          >
            <ArrowUp size={16} aria-hidden />
          </button>
        )}
      </div>
    </div>
  )
}

/** The keys the slash list takes from the text box while it is open. */
function slashKey(key: string): boolean {
  return ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(key)
}
