import { useEffect, useRef, useState } from 'react'
import { ArrowUp, Paperclip, Square } from 'lucide-react'
import type { SendAttachment } from '@shared/chat/attachments'
import { AttachmentTray } from '../attachments/attachment-tray'
import { useAttachments } from '../attachments/use-attachments'
import { useFileDrop } from '../attachments/use-file-drop'

interface Props {
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
      <div
        className={`mx-auto flex max-w-3xl items-end gap-2 rounded-card border bg-surface p-2 focus-within:border-focus ${dropping ? 'border-focus border-dashed' : 'border-line-strong'}`}
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
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPaste={onPaste}
          onKeyDown={(event) => {
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
