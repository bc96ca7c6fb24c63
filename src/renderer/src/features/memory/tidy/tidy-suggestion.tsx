import { useEffect, useState } from 'react'
import { Sparkles } from 'lucide-react'
import type { MemoryUsage } from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidySuggestion } from '@shared/tidy/suggest'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { call } from '../../../lib/api'
import { TidyDialog } from './tidy-dialog'

/**
 * Suggest, don't nag (issue 39): one quiet line when Settings → Memory lets Cairn suggest a tidy
 * and this space passed a threshold. Main decides (null while the setting is off); it is asked
 * again whenever the space's usage changes. Dismiss holds for this space until the next crossing.
 */
export function TidySuggestionLine({ space, usage }: { space: SpaceId; usage: MemoryUsage }) {
  const [suggestion, setSuggestion] = useState<TidySuggestion | null>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    let live = true
    call((api) => api.tidy.suggestion({ space })).then(
      (next) => live && setSuggestion(next),
      () => live && setSuggestion(null) // a suggestion is never worth an error line
    )
    return () => {
      live = false
    }
  }, [space, usage])
  if (!suggestion && !open) return null
  return (
    <>
      {suggestion ? (
        <Message
          tone="info"
          role="status"
          icon={Sparkles}
          summary={suggestion.text.replace(/ Tidy…$/, '')}
          actions={
            <button type="button" className={MESSAGE_BUTTON} onClick={() => setOpen(true)}>
              Tidy…
            </button>
          }
          onDismiss={() => {
            setSuggestion(null)
            void call((api) => api.tidy.dismissSuggestion({ space })).catch(() => undefined)
          }}
        />
      ) : null}
      {open ? <TidyDialog space={space} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
