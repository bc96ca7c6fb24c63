import { useEffect, useState } from 'react'
import { Sparkles } from 'lucide-react'
import type { TidyProgress } from '@shared/tidy/tidy'
import { call } from '../../../lib/api'
import { useMemorySpace } from '../memory-space'
import { TidyDialog } from './tidy-dialog'

/** Memory → Tidy…: opens the tidy of the space this view shows (by itself when one is open). */
export function TidyButton() {
  const space = useMemorySpace()
  const [open, setOpen] = useState(false)
  const [resume, setResume] = useState<TidyProgress | undefined>(undefined)
  // A tidy still running or waiting for review in main (the window reloaded) opens again here.
  useEffect(() => {
    let live = true
    call((api) => api.tidy.current({ space })).then(
      (current) => {
        if (!live || !current) return
        setResume(current)
        setOpen(true)
      },
      () => undefined
    )
    return () => {
      live = false
    }
  }, [space])
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        <Sparkles aria-hidden size={16} /> Tidy…
      </button>
      {open ? (
        <TidyDialog
          space={space}
          resume={resume}
          onClose={() => {
            setOpen(false)
            setResume(undefined)
          }}
        />
      ) : null}
    </>
  )
}
