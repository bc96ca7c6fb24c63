import { useId, useState } from 'react'
import { Download, RefreshCw } from 'lucide-react'
import type { UpdatePhase, UpdateStatus } from '@shared/app/updates'
import { WarningIcon } from '../../components/icons'
import { megabytes } from './update-texts'
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

  if (phase.kind === 'error') {
    const retry = phase.during === 'download' ? updates.download : updates.check
    return (
      <div
        className="banner banner--error"
        role="alert"
        aria-labelledby={titleId}
        data-testid="update-banner"
      >
        <span className="banner__icon">
          <WarningIcon />
        </span>
        <div className="banner__text">
          <p className="banner__title" id={titleId}>
            {phase.during === 'check' ? 'Update check failed' : 'Update failed'}
          </p>
          <p>{phase.message}</p>
          <p className="banner__hint">{phase.nextStep}</p>
          {updates.problem ? <p className="text-danger">{updates.problem}</p> : null}
        </div>
        <div className="banner__actions">
          {phase.during !== 'install' ? (
            <button type="button" className="button" onClick={retry}>
              {phase.during === 'download' ? 'Download again' : 'Check again'}
            </button>
          ) : null}
          {notNow}
        </div>
      </div>
    )
  }

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
        {phase.kind === 'available' ? (
          <>
            <p className="banner__title" id={titleId} role="status">
              Cairn {phase.version} is available
            </p>
            <p className="banner__hint">
              You have {current}. Download it now; Cairn restarts only when you say so.
            </p>
          </>
        ) : null}
        {phase.kind === 'downloading' ? (
          <>
            <p className="banner__title" id={titleId}>
              Downloading Cairn {phase.version}…
            </p>
            <progress
              className="update-progress"
              max={100}
              value={phase.percent}
              aria-labelledby={titleId}
              aria-valuetext={`${phase.percent}%`}
            />
            <p className="banner__hint" data-testid="update-percent">
              {phase.percent}%
              {phase.total > 0
                ? ` · ${megabytes(phase.transferred)} of ${megabytes(phase.total)}`
                : ''}
              . You can keep chatting.
            </p>
          </>
        ) : null}
        {phase.kind === 'ready' ? (
          <>
            <p className="banner__title" id={titleId} role="status">
              {phase.waitingForReply
                ? `Cairn will restart when the reply ends`
                : `Cairn ${phase.version} is ready to install`}
            </p>
            <p className="banner__hint">
              {phase.waitingForReply
                ? 'A reply is still coming in: Cairn waits for it to finish, then restarts to update.'
                : 'Restart to update. Your conversations and memory stay as they are.'}
            </p>
          </>
        ) : null}
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
