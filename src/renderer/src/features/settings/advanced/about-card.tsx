import { useEffect, useState } from 'react'
import type { AppInfo } from '@shared/contract'
import type { Diagnostics } from '@shared/app/diagnostics'
import { Card } from '../../../components/card'
import { Spinner } from '../../../components/icons'
import { call } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'
import { formatNumber } from '../../../lib/format'
import { CrashReportButton } from './crash-report-button'
import { RecentCost } from './recent-cost'

type Outcome = { ok: true; chars: number } | { ok: false; message: string }

/** Version information, where the logs are, and "Copy diagnostics" for a bug report. */
export function AboutCard({ info, active }: { info: AppInfo | null; active: boolean }) {
  const [diagnostics, setDiagnostics] = useState<Diagnostics | null>(null)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  useEffect(() => {
    if (!active) return
    let live = true
    call((api) => api.app.diagnostics()).then(
      (next) => live && setDiagnostics(next),
      () => undefined // versions are decoration here; Copy diagnostics reports its own failure
    )
    return () => {
      live = false
    }
  }, [active])

  async function copy(): Promise<void> {
    setPending(true)
    try {
      // Collected afresh, so the log tail is the latest.
      const fresh = await call((api) => api.app.diagnostics())
      setDiagnostics(fresh)
      const { copied } = await copyText(fresh.text)
      setOutcome({ ok: true, chars: copied })
    } catch (failure) {
      const shown = toShownError(failure)
      setOutcome({ ok: false, message: `${shown.message} ${shown.nextStep ?? ''}`.trim() })
    } finally {
      setPending(false)
    }
  }

  const versions = diagnostics?.versions
  const rows: [string, string | undefined][] = [
    ['Version', info?.version],
    ['Electron', versions?.electron],
    ['Chromium', versions?.chrome],
    ['Node.js', versions?.node],
    [
      'System',
      diagnostics
        ? `${diagnostics.platform.os} ${diagnostics.platform.release} (${diagnostics.platform.arch})`
        : undefined
    ],
    ['Logs', diagnostics?.paths.logs]
  ]
  return (
    <Card
      title="About Cairn"
      description="For a bug report, copy the diagnostics: versions, settings without your text, and the last log lines. Never the API key or what your memory files say. Crash reports stay on this computer: nothing is uploaded."
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows
          .filter((row): row is [string, string] => !!row[1])
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="m-0 font-mono text-[13px] break-all">{value}</dd>
            </div>
          ))}
      </dl>
      <RecentCost active={active} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="button" onClick={() => void copy()} disabled={pending}>
          {pending ? <Spinner /> : null}
          Copy diagnostics
        </button>
        <p
          role="status"
          aria-label="Diagnostics status"
          className={outcome?.ok === false ? 'text-danger' : 'text-muted'}
        >
          {outcome
            ? outcome.ok
              ? `Copied ${formatNumber(outcome.chars)} characters: paste them into your bug report.`
              : `Could not copy the diagnostics: ${outcome.message}`
            : ''}
        </p>
      </div>
      <CrashReportButton />
    </Card>
  )
}
