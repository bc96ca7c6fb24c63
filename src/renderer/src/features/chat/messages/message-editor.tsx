import { useEffect, useId, useRef, useState } from 'react'
import { MESSAGE_MAX_CHARS } from '@shared/chat/channels'
import { NOT_REVERTED } from './message-actions'

/**
 * Your sent message, editable in place. Enter (or Send) sends it again and the conversation goes
 * on from there; what followed is kept as an earlier version. Escape (or Cancel) leaves it as it was.
 */
export function MessageEditor({
  initial,
  running,
  onSend,
  onCancel
}: {
  initial: string
  running: boolean
  onSend(text: string): void
  onCancel(): void
}) {
  const [text, setText] = useState(initial)
  const input = useRef<HTMLTextAreaElement>(null)
  const noteId = useId()
  // The list may still be scrolling this row into view (hidden while it measures): focus can
  // miss on the first try, so it is retried for a few frames.
  useEffect(() => {
    let tries = 10
    let frame = 0
    const attempt = () => {
      const el = input.current
      if (!el) return
      el.focus()
      el.setSelectionRange(el.value.length, el.value.length)
      if (el.ownerDocument.activeElement !== el && tries-- > 0)
        frame = requestAnimationFrame(attempt)
    }
    attempt()
    return () => cancelAnimationFrame(frame)
  }, [])
  const empty = text.trim().length === 0
  const tooLong = text.length > MESSAGE_MAX_CHARS
  const blocked = running || empty || tooLong
  const send = () => {
    if (!blocked) onSend(text)
  }
  return (
    <div className="ml-auto flex w-full max-w-[80%] flex-col gap-2 rounded-card border border-focus bg-surface p-2">
      <label className="sr-only" htmlFor={`${noteId}-text`}>
        Edit your message
      </label>
      <textarea
        ref={input}
        id={`${noteId}-text`}
        aria-describedby={noteId}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        className="max-h-64 resize-none bg-transparent px-1.5 py-1 outline-none"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            event.stopPropagation()
            onCancel()
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            send()
          }
        }}
      />
      <p id={noteId} className="px-1.5 text-xs text-muted">
        {running
          ? 'Claude is still answering. Wait for it, or press Stop, then send your edit.'
          : tooLong
            ? 'The message can be at most 200,000 characters.'
            : `Sending continues the conversation from here; the replies after this message are kept as an earlier version. ${NOT_REVERTED}`}
      </p>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="button button--quiet"
          onClick={onCancel}
          aria-keyshortcuts="Escape"
        >
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={send} disabled={blocked}>
          Send
        </button>
      </div>
    </div>
  )
}
