import { MessageCircleQuestionMark } from 'lucide-react'

/** Who asks: the server by name, and that the answer goes to it only. */
export function ElicitationHeader({
  titleId,
  serverName
}: {
  titleId: string
  serverName: string
}) {
  return (
    <header className="flex items-start gap-2">
      <MessageCircleQuestionMark size={18} aria-hidden className="mt-0.5 shrink-0 text-warning" />
      <div className="min-w-0">
        <h2 id={titleId} className="text-sm font-semibold break-words">
          {serverName} asks:
        </h2>
        <p className="text-xs text-muted">
          A question from the MCP server {serverName}, not from Claude or Cairn. Your answer goes to
          this server only.
        </p>
      </div>
    </header>
  )
}

/** Submit, Decline (the user will not answer), Cancel (no choice). */
export function ElicitationButtons(props: { busy: boolean; onDecline(): void; onCancel(): void }) {
  const { busy } = props
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="submit" className="button button--primary" disabled={busy}>
        Submit
      </button>
      <button type="button" className="button" disabled={busy} onClick={props.onDecline}>
        Decline
      </button>
      <button type="button" className="button" disabled={busy} onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  )
}
