import { KeyRound, RotateCcw } from 'lucide-react'
import type { ChatFault } from '@shared/chat/chat'

/**
 * What the user can do about a failed reply: Retry, and for a key Anthropic refused, a way
 * straight to the key field in Settings.
 */
export function FaultActions({
  fault,
  onRetry,
  onOpenKey
}: {
  fault: ChatFault
  onRetry?: (() => void) | undefined
  onOpenKey?: (() => void) | undefined
}) {
  const retry = fault.retryable && onRetry
  const key = fault.code === 'auth' && onOpenKey
  if (!retry && !key) return null
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {key ? (
        <button type="button" className="button" onClick={onOpenKey}>
          <KeyRound size={14} aria-hidden />
          Change the API key
        </button>
      ) : null}
      {retry ? (
        <button type="button" className="button" onClick={onRetry}>
          <RotateCcw size={14} aria-hidden />
          Retry
        </button>
      ) : null}
    </div>
  )
}
