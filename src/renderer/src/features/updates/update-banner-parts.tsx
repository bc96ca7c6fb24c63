import type { ReactNode } from 'react'
import type { UpdatePhase } from '@shared/app/updates'
import { WarningIcon } from '../../components/icons'
import { megabytes } from './update-texts'
import type { UpdatesController } from './use-updates'

/** The update failed (check, download or install): why, the next step, and a retry where one helps. */
export function UpdateErrorBanner(props: {
  phase: Extract<UpdatePhase, { kind: 'error' }>
  updates: UpdatesController
  titleId: string
  /** Dismiss, hiding this error until the next. */
  notNow: ReactNode
}) {
  const { phase, updates, titleId, notNow } = props
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

/** What the banner says in each step: available, downloading (with its progress), ready. */
export function UpdatePhaseText(props: {
  phase: Extract<UpdatePhase, { kind: 'available' | 'downloading' | 'ready' }>
  current: string
  titleId: string
}) {
  const { phase, current, titleId } = props
  return (
    <>
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
    </>
  )
}
