import { useState } from 'react'
import type { SendAttachment } from '@shared/chat/attachments'
import { useAttachments } from '../attachments/use-attachments'

interface Draft {
  initialText: string
  running: boolean
  hasKey: boolean | null
  /** Resolves false when the message was not sent: the text and files go back in the composer. */
  onSend(text: string, attachments: SendAttachment[]): Promise<boolean> | void
}

/** The message being written (its text and files) and sending it; what fails to send comes back. */
export function useComposerDraft({ initialText, running, hasKey, onSend }: Draft) {
  const [text, setText] = useState(initialText)
  const files = useAttachments()
  const empty = !text.trim() && files.items.length === 0
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
  return { text, setText, files, empty, send }
}
