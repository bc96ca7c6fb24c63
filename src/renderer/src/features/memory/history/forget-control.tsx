import { useState, type ReactNode } from 'react'
import { Eraser } from 'lucide-react'
import type { ForgetInput, ForgetResult } from '@shared/memory/history'
import { Dialog } from '../../../components/dialog'
import { toShownError } from '../../../lib/errors'
import { errorText } from '../change-words'
import { forget, forgotWords } from './history-api'
import { useMemorySpace } from '../memory-space'

/**
 * "Forget": a button that asks first (forgetting cannot be undone), then has history drop the
 * versions `what` names and says what happened.
 */
export function ForgetControl(props: {
  what: ForgetInput
  /** The button's words, e.g. "Forget this version". */
  label: string
  /** The dialog's question, e.g. "Forget this version of a.md?". */
  question: string
  /** What exactly goes, for the dialog. */
  children?: ReactNode
  compact?: boolean
  /** The button's accessible name when its words alone are ambiguous in a list. */
  name?: string
  onDone?(result: ForgetResult): void
}) {
  const space = useMemorySpace()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)

  function run(): void {
    setAsking(false)
    setBusy(true)
    forget(space, props.what).then(
      (result) => {
        setBusy(false)
        setSaid({ ok: true, text: forgotWords(result) })
        props.onDone?.(result)
      },
      (failure: unknown) => {
        setBusy(false)
        setSaid({ ok: false, text: errorText(toShownError(failure)) })
      }
    )
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={
          props.compact
            ? 'inline-flex items-center gap-1 text-xs text-danger underline-offset-2 hover:underline'
            : 'button button--quiet text-danger'
        }
        disabled={busy}
        aria-label={props.name}
        onClick={() => setAsking(true)}
      >
        <Eraser size={props.compact ? 12 : 14} aria-hidden />
        {busy ? 'Forgetting…' : props.label}
      </button>
      {said ? (
        <span
          role={said.ok ? 'status' : 'alert'}
          className={`text-xs ${said.ok ? 'text-success' : 'text-danger'}`}
        >
          {said.text}
        </span>
      ) : null}
      {/* Mounted only while asking: an activity list would otherwise hold one per entry. */}
      {asking ? (
        <Dialog
          open
          title={props.question}
          confirmLabel="Forget"
          danger
          onClose={() => setAsking(false)}
          onConfirm={run}
        >
          {props.children}
          <p className="mt-2">
            History deletes this text for good: it cannot be shown, compared or restored again, and
            it is never kept again. The activity log notes only that something was forgotten, and
            when. Files in memory are not changed.
          </p>
        </Dialog>
      ) : null}
    </span>
  )
}
