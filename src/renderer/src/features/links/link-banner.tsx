import { Link2 } from 'lucide-react'
import { WarningIcon } from '../../components/icons'
import type { LinkPrompt } from './use-incoming-links'

/** Long link text is shown in part; the composer gets all of it. */
const PREVIEW_CHARS = 280

/** The one place a cairn:// link speaks to the user: a question before a write, or why it did nothing. */
export function LinkBanner({
  prompt,
  onConfirm,
  onDismiss
}: {
  prompt: LinkPrompt
  onConfirm: () => void
  onDismiss: () => void
}) {
  if (prompt.kind === 'confirm-new-chat') {
    const preview =
      prompt.text.length > PREVIEW_CHARS ? `${prompt.text.slice(0, PREVIEW_CHARS)}…` : prompt.text
    return (
      <div
        className="banner banner--link"
        role="alertdialog"
        aria-labelledby="link-banner-title"
        aria-describedby="link-banner-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDismiss()
        }}
      >
        <span className="banner__icon">
          <Link2 size={18} aria-hidden />
        </span>
        <div className="banner__text">
          <p className="banner__title" id="link-banner-title">
            A link asks to start a new chat
          </p>
          <div id="link-banner-text">
            {prompt.text ? (
              <blockquote className="link-banner__quote">{preview}</blockquote>
            ) : (
              <p>It brings no text.</p>
            )}
            <p className="banner__hint">
              {prompt.text
                ? 'The text goes into the new chat’s message box; nothing is sent until you press Send.'
                : 'Nothing is sent; the new chat opens empty.'}
            </p>
          </div>
        </div>
        <div className="link-banner__actions">
          {/* The safe choice takes the focus: Enter right after a link arrives does nothing. */}
          <button type="button" className="button" onClick={onDismiss} autoFocus>
            Ignore
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            Start new chat
          </button>
        </div>
      </div>
    )
  }
  const [title, body, hint] =
    prompt.kind === 'refused'
      ? [
          'Cairn did not open a link',
          `It did nothing because ${prompt.reason}.`,
          `The link: ${prompt.shown}. If you expected it to work, check where it came from.`
        ]
      : prompt.kind === 'missing-conversation'
        ? [
            'That conversation is not here',
            'The link names a conversation that is not in Cairn on this computer (it may have been deleted).',
            'Look for it in the conversation list, or search your chats.'
          ]
        : [
            'A link could not be read',
            prompt.message,
            'Open the link again; if this keeps happening, copy the diagnostics from Settings → About.'
          ]
  return (
    <div className="banner" role="alert" aria-labelledby="link-banner-title">
      <span className="banner__icon">
        <WarningIcon />
      </span>
      <div className="banner__text">
        <p className="banner__title" id="link-banner-title">
          {title}
        </p>
        <p>{body}</p>
        <p className="banner__hint">{hint}</p>
      </div>
      <button type="button" className="button button--quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}
