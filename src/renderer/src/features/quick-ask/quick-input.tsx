import { useEffect, useRef, useState } from 'react'
import { ArrowUp, Square } from 'lucide-react'

interface Props {
  hasKey: boolean | null
  running: boolean
  /** Bumped when the window comes forward: the box takes the focus. */
  focusSignal: number
  /** Resolves false when nothing was sent: the text stays in the box. */
  onSend(text: string): Promise<boolean>
  onStop?(): void
}

/** The one question box: Enter asks, Shift+Enter is a new line. */
export function QuickInput({ hasKey, running, focusSignal, onSend, onStop }: Props) {
  const [text, setText] = useState('')
  const input = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    input.current?.focus()
  }, [focusSignal])
  if (hasKey === false)
    return (
      <p role="alert" className="border-b border-line px-4 py-3 text-sm">
        Cairn needs an Anthropic API key before Claude can answer. Open Cairn and add it in Settings
        → General.
      </p>
    )
  const send = () => {
    const question = text.trim()
    if (!question || running) return
    setText('')
    void onSend(question).then((sent) => {
      if (!sent) setText((now) => now || question)
    })
  }
  return (
    <div className="border-b border-line px-3 py-2">
      <div className="flex items-end gap-2 rounded-card border border-line-strong bg-surface p-1.5 focus-within:border-focus">
        <label className="sr-only" htmlFor="quick-ask-input">
          Ask Claude
        </label>
        <textarea
          ref={input}
          id="quick-ask-input"
          rows={1}
          // Grows with its text, wrapped lines too, up to four lines or so.
          className="max-h-28 min-h-8 flex-1 resize-none bg-transparent px-2 py-1 outline-none [field-sizing:content]"
          placeholder="Ask Claude…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              send()
            }
          }}
        />
        {running && onStop ? (
          <button type="button" className="button px-2 py-1" onClick={onStop}>
            <Square size={12} aria-hidden />
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary px-2 py-1"
            onClick={send}
            disabled={!text.trim() || running}
            aria-label="Ask"
          >
            <ArrowUp size={16} aria-hidden />
          </button>
        )}
      </div>
    </div>
  )
}
