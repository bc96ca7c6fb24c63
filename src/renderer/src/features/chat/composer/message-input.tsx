import type { ClipboardEvent, KeyboardEvent, RefObject } from 'react'

interface Props {
  inputRef: RefObject<HTMLTextAreaElement | null>
  text: string
  onChange(text: string): void
  onPaste(event: ClipboardEvent): void
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void
  /** The slash list it drives while that list shows something to choose, and its active option. */
  list?: { id: string; activeOptionId: string }
}

/** The composer's text box, with its label for screen readers. */
export function MessageInput({ inputRef, text, onChange, onPaste, onKeyDown, list }: Props) {
  return (
    <>
      <label className="sr-only" htmlFor="composer">
        Message Claude
      </label>
      <textarea
        ref={inputRef}
        id="composer"
        rows={1}
        // Grows with its text, wrapped lines too (a long paste), up to a share of the window.
        className="max-h-[min(40vh,24rem)] min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 outline-none [field-sizing:content]"
        placeholder="Message Claude…"
        aria-autocomplete="list"
        aria-controls={list?.id}
        aria-activedescendant={list?.activeOptionId}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
      />
    </>
  )
}
