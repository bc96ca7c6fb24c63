import { useState } from 'react'
import { Spinner } from '../../../components/icons'
import { call } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'

type Outcome =
  | { kind: 'copied'; count: number; total: number }
  | { kind: 'none' }
  | { kind: 'failed'; message: string }

/**
 * "Copy crash report": a text summary of the newest crash dumps (file, time, size, app version),
 * never the dumps themselves, which stay in the logs folder and are never uploaded.
 */
export function CrashReportButton() {
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function copy(): Promise<void> {
    setPending(true)
    try {
      const report = await call((api) => api.app.crashReport())
      if (report.count === 0) {
        setOutcome({ kind: 'none' })
        return
      }
      await copyText(report.text)
      setOutcome({ kind: 'copied', count: report.count, total: report.total })
    } catch (failure) {
      const shown = toShownError(failure)
      setOutcome({ kind: 'failed', message: `${shown.message} ${shown.nextStep ?? ''}`.trim() })
    } finally {
      setPending(false)
    }
  }

  const message =
    outcome?.kind === 'copied'
      ? `Copied a summary of ${outcome.count === outcome.total ? '' : `the newest ${outcome.count} of `}${outcome.total} crash report${outcome.total === 1 ? '' : 's'}: paste it into your bug report. The dump files stay in the logs folder.`
      : outcome?.kind === 'none'
        ? 'No crash reports: Cairn has not crashed on this computer (or the reports were deleted). Nothing was copied.'
        : outcome?.kind === 'failed'
          ? `Could not copy the crash report: ${outcome.message}`
          : ''
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="button" onClick={() => void copy()} disabled={pending}>
        {pending ? <Spinner /> : null}
        Copy crash report
      </button>
      <p
        role="status"
        aria-label="Crash report status"
        className={outcome?.kind === 'failed' ? 'text-danger' : 'text-muted'}
      >
        {message}
      </p>
    </div>
  )
}
