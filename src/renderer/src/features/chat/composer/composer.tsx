import { useEffect, useId, useRef } from 'react'
import type { SendAttachment } from '@shared/chat/attachments'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import { AttachmentTray } from '../attachments/attachment-tray'
import { useFileDrop } from '../attachments/use-file-drop'
import { composerKeyHandler } from './composer-keys'
import { AttachControls, NoKeyNotice, SendOrStop } from './composer-parts'
import { MessageInput } from './message-input'
import { PromptForm } from './prompt-form'
import { SlashList, optionId } from './slash-list'
import { useComposerDraft } from './use-composer-draft'
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
  const { text, setText, files, empty, send } = useComposerDraft({
    initialText,
    running,
    hasKey,
    onSend
  })
  const input = useRef<HTMLTextAreaElement>(null)
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
  const canType = hasKey !== false
  useEffect(() => {
    if (focusOnMount && canType) input.current?.focus()
  }, [focusOnMount, canType])
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
        <MessageInput
          inputRef={input}
          text={text}
          onChange={setText}
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
          list={
            listing ? { id: listId, activeOptionId: optionId(listId, slash.active) } : undefined
          }
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
