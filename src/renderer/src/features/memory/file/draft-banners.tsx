import { Columns2, Copy, History, Undo2 } from 'lucide-react'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { formatAgo } from '../../../lib/time'
import type { KeptCopy } from './draft-store'

/** The disk moved on under unsaved edits: say so calmly and offer the compare; nothing is lost. */
export function ConflictBanner({ name, onCompare }: { name: string; onCompare(): void }) {
  return (
    <Message
      tone="warning"
      role="alert"
      summary={
        <>
          <span className="font-medium">{name} changed on disk since you started editing.</span>{' '}
          <span className="text-muted">Your text is kept. Compare the two before saving.</span>
        </>
      }
      fold={{ key: name, chip: 'Changed on disk' }}
      actions={
        <button type="button" className={MESSAGE_BUTTON} onClick={onCompare}>
          <Columns2 size={16} aria-hidden />
          Compare
        </button>
      }
    />
  )
}

interface KeptProps {
  kept: KeptCopy
  onCopy(): void
  onRestore(): void
  onDismiss(): void
}

/** After "Take the disk's": the user's text, one click away until they let it go. */
export function KeptBanner({ kept, onCopy, onRestore, onDismiss }: KeptProps) {
  const lines = kept.text.split('\n').length
  return (
    <Message
      tone="info"
      role="region"
      label="Your set-aside version"
      icon={History}
      summary={
        <span className="text-muted">
          You took the disk&rsquo;s version {formatAgo(kept.at)}. Your version ({lines}{' '}
          {lines === 1 ? 'line' : 'lines'}) is kept here until you dismiss it.
        </span>
      }
      actions={
        <>
          <button type="button" className={MESSAGE_BUTTON} onClick={onCopy}>
            <Copy size={16} aria-hidden />
            Copy my version
          </button>
          <button type="button" className={MESSAGE_BUTTON} onClick={onRestore}>
            <Undo2 size={16} aria-hidden />
            Put mine back
          </button>
        </>
      }
      onDismiss={onDismiss}
      dismissLabel="Dismiss your set-aside version"
    />
  )
}
