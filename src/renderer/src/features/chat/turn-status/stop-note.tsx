import { stopNotice } from '@shared/chat/stop-reasons'

/** Under an answer that stopped before it was whole: why, and "Continue" when it can go on. */
export function StopNote({
  stopReason,
  onContinue
}: {
  stopReason: string | null
  onContinue?: (() => void) | undefined
}) {
  const notice = stopNotice(stopReason)
  if (!notice) return null
  return (
    <div
      role="note"
      aria-label="Why the answer stopped"
      className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted"
    >
      <p>{notice.text}</p>
      {notice.canContinue && onContinue ? (
        <button type="button" className="button" onClick={onContinue}>
          Continue
        </button>
      ) : null}
    </div>
  )
}
