import { useState } from 'react'
import { Sparkles } from 'lucide-react'
import { useMemorySpace } from '../memory-space'
import { TidyDialog } from './tidy-dialog'

/** Memory → Tidy…: opens the tidy of the space this view shows. */
export function TidyButton() {
  const space = useMemorySpace()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        <Sparkles aria-hidden size={16} /> Tidy…
      </button>
      {open ? <TidyDialog space={space} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
