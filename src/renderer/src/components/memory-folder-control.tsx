import { useEffect, useState } from 'react'
import { call } from '../lib/api'
import { toShownError, type ShownError } from '../lib/errors'
import { Spinner } from './icons'

/** How long "Opened in your file manager" stays; a failure stays until the next try. */
export const OPENED_STATUS_MS = 4000

type Outcome = { kind: 'opened'; path: string } | { kind: 'failed'; error: ShownError }

/** "Open memory folder": main creates it (private to the user) and hands it to the file manager. */
export function MemoryFolderControl() {
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  useEffect(() => {
    if (outcome?.kind !== 'opened') return
    const timer = window.setTimeout(() => setOutcome(null), OPENED_STATUS_MS)
    return () => window.clearTimeout(timer)
  }, [outcome])

  async function open(): Promise<void> {
    setPending(true)
    try {
      const { path } = await call((api) => api.app.openMemoryFolder())
      setOutcome({ kind: 'opened', path })
    } catch (error) {
      setOutcome({ kind: 'failed', error: toShownError(error) })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="folder-control">
      <button
        type="button"
        className="button"
        onClick={() => void open()}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? <Spinner /> : null}
        Open memory folder
      </button>
      {outcome ? (
        <output
          aria-label="Memory folder status"
          className={
            outcome.kind === 'failed' ? 'inline-status inline-status--error' : 'inline-status'
          }
        >
          {outcome.kind === 'opened' ? (
            <>
              Opened in your file manager: <code>{outcome.path}</code>
            </>
          ) : (
            <>
              {outcome.error.message} {outcome.error.nextStep}
            </>
          )}
        </output>
      ) : null}
    </div>
  )
}
