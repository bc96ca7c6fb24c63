import { useId, useState } from 'react'
import { Download, RefreshCw } from 'lucide-react'
import type { UpdatePhase, UpdateStatus } from '@shared/app/updates'
import { UpdateErrorBanner, UpdatePhaseText } from './update-banner-parts'
import type { UpdatesController } from './use-updates'

type Shown = Extract<UpdatePhase, { kind: 'available' | 'downloading' | 'ready' | 'error' }>

/** The states worth a banner; checking, up to date and off are only in Settings. */
function shownPhase(status: UpdateStatus | null): Shown | null {
  const phase = status?.phase
  if (!phase) return null
  return phase.kind === 'available' ||
    phase.kind === 'downloading' ||
    phase.kind === 'ready' ||
    phase.kind === 'error'
    ? phase
    : null
}

/** "Not now" hides a state until the next one (another version, another step). */
function dismissKey(phase: Shown): string {
  return phase.kind === 'error' ? `error:${phase.message}` : `${phase.kind}:${phase.version}`
}

function ReleaseNotes({ version, notes }: { version: string; notes: string | null }) {
  if (!notes) return null
  return (
    <details className="update-notes">
      <summary>What’s new in {version}</summary>
      <p className="update-notes__text" data-testid="release-notes">
        {notes}
      </p>
    </details>
  )
}

/** App-wide: an update found, downloading, ready to install (Restart to update), or failed. */
export function UpdateBanner({ updates }: { updates: UpdatesController }) {
  const titleId = useId()
  const [dismissed, setDismissed] = useState<string | null>(null)
  const phase = shownPhase(updates.status)
  if (!phase || dismissed === dismissKey(phase)) return null
  const notNow = (
    <button
      type="button"
      className="button button--quiet"
      onClick={() => setDismissed(dismissKey(phase))}
    >
      {phase.kind === 'error' ? 'Dismiss' : 'Not now'}
    </button>
  )

  if (phase.kind === 'error')
    return <UpdateErrorBanner phase={phase} updates={updates} titleId={titleId} notNow={notNow} />

  const current = updates.status?.currentVersion ?? ''
  return (
    <section
      className="banner banner--info"
      aria-labelledby={titleId}
      data-testid="update-banner"
      data-phase={phase.kind}
    >
      <span className="banner__icon">
        {phase.kind === 'ready' ? (
          <RefreshCw size={20} aria-hidden />
        ) : (
          <Download size={20} aria-hidden />
        )}
      </span>
      <div className="banner__text">
        <UpdatePhaseText phase={phase} current={current} titleId={titleId} />
        <ReleaseNotes version={phase.version} notes={phase.notes} />
        {updates.problem ? <p className="text-danger">{updates.problem}</p> : null}
      </div>
      <div className="banner__actions">
        {phase.kind === 'available' ? (
          <button type="button" className="button button--primary" onClick={updates.download}>
            Download
          </button>
        ) : null}
        {phase.kind === 'ready' ? (
          <button
            type="button"
            className="button button--primary"
            onClick={updates.restart}
            disabled={phase.waitingForReply}
          >
            {phase.waitingForReply ? 'Waiting for the reply…' : 'Restart to update'}
          </button>
        ) : null}
        {phase.kind === 'ready' && phase.waitingForReply ? null : notNow}
      </div>
    </section>
  )
}
