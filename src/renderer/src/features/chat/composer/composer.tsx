import { useEffect, useId, useRef, useState } from 'react'
import type { SendAttachment } from '@shared/chat/attachments'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import { AttachmentTray } from '../attachments/attachment-tray'
import { useAttachments } from '../attachments/use-attachments'
import { useFileDrop } from '../attachments/use-file-drop'
import { composerKeyHandler } from './composer-keys'
import { AttachControls, NoKeyNotice, SendOrStop } from './composer-parts'
import { PromptForm } from './prompt-form'
import { SlashList, optionId } from './slash-list'
import { usePromptForm } from './use-prompt-form'
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
  const prompts = usePromptForm(setText, input)
  const { form } = prompts
  const choose = (prompt: McpPromptInfo) => {
    slash.dismiss()
    prompts.openPrompt(prompt)
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
  if (hasKey === false) return <NoKeyNotice onOpenSettings={onOpenSettings} />
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
          onInsert={(args) => prompts.insertPrompt(form.prompt, args)}
          onCancel={prompts.cancel}
        />
      ) : null}
      <div
        className={`relative mx-auto flex max-w-3xl items-end gap-2 rounded-card border bg-surface p-2 focus-within:border-focus ${dropping ? 'border-focus border-dashed' : 'border-line-strong'}`}
      >
        <AttachControls conversationId={conversationId} files={files} />
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
          onKeyDown={composerKeyHandler({
            slash,
            listing,
            text,
            running,
            choose,
            send,
            onStop,
            onEditLast
          })}
        />
        <SendOrStop
          running={running}
          disabled={empty || files.adding}
          onSend={send}
          onStop={onStop}
        />
      </div>
    </div>
  )
}
