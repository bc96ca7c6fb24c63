import type { SettingsState } from '@shared/contract'
import type { ShownError } from '../lib/errors'
import { WarningIcon } from './icons'

type Notice = NonNullable<SettingsState['notice']>

/** Says, app-wide, that the settings file was unreadable and what became of it. */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const message = notice.message.includes(notice.movedTo)
    ? notice.message
    : `${notice.message} The old file was kept as ${notice.movedTo}.`
  return (
    <div className="banner banner--warning" role="alert" aria-labelledby="settings-notice-title">
      <span className="banner__icon">
        <WarningIcon />
      </span>
      <div className="banner__text">
        <p className="banner__title" id="settings-notice-title">
          Settings were reset to defaults
        </p>
        <p>{message}</p>
        <p className="banner__hint">
          Check your settings below before you chat; nothing from the old file was deleted.
        </p>
      </div>
      <button type="button" className="button button--quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}

/** Says, app-wide, that settings could not be loaded at all, with a way to try again. */
export function LoadErrorBanner({ error, onRetry }: { error: ShownError; onRetry: () => void }) {
  return (
    <div className="banner banner--error" role="alert" aria-labelledby="settings-error-title">
      <span className="banner__icon">
        <WarningIcon />
      </span>
      <div className="banner__text">
        <p className="banner__title" id="settings-error-title">
          Settings could not be loaded
        </p>
        <p>
          {error.message} {error.nextStep}
        </p>
      </div>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
