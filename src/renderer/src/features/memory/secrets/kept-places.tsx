import { useState } from 'react'
import { Eraser } from 'lucide-react'
import type { ForgetAtInput, KeptPlace } from '@shared/memory/history'
import { Dialog } from '../../../components/dialog'
import { toShownError } from '../../../lib/errors'
import { errorText } from '../change-words'
import { forgetAt, keptPlaceName } from '../history/history-api'
import { useMemorySpace } from '../memory-space'

/**
 * "Also kept in": every place besides history where Cairn still keeps a text the user is
 * forgetting (issue 35). A place Forget can change has a button that takes the text out there,
 * after asking; any other says what would.
 */
export function KeptPlaces(props: {
  text: string
  places: KeptPlace[]
  onChange(places: KeptPlace[]): void
}) {
  const space = useMemorySpace()
  const [asking, setAsking] = useState<KeptPlace | null>(null)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState('')
  if (!props.places.length) return null

  function remove(place: KeptPlace): void {
    const target = targetOf(place)
    setAsking(null)
    if (!target) return
    setBusy(true)
    forgetAt(space, props.text, target).then(
      (result) => {
        setBusy(false)
        setFailed('')
        props.onChange(result.elsewhere)
      },
      (failure: unknown) => {
        setBusy(false)
        setFailed(errorText(toShownError(failure)))
      }
    )
  }

  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">Also kept in</h3>
      <ul aria-label="Other places that keep the text" className="flex flex-col">
        {props.places.map((place) => {
          const name = keptPlaceName(place)
          const action = actionOf(place)
          return (
            <li
              key={JSON.stringify(place)}
              className="flex items-center gap-2 border-b border-line py-1.5 text-sm"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{name}</span>
                {place.kind === 'other' ? (
                  <span className="text-xs text-muted">{place.advice}</span>
                ) : place.kind === 'archive' ? (
                  <span className="text-xs text-muted">archived as {place.archiveId}</span>
                ) : null}
              </span>
              {action ? (
                <button
                  type="button"
                  className="button button--quiet text-danger"
                  disabled={busy}
                  aria-label={`${action.label}: ${name}`}
                  onClick={() => setAsking(place)}
                >
                  <Eraser size={14} aria-hidden />
                  {action.label}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {failed}
        </p>
      ) : null}
      {asking ? (
        <Dialog
          open
          title={`${actionOf(asking)?.label ?? 'Remove'}: ${keptPlaceName(asking)}?`}
          confirmLabel={actionOf(asking)?.label ?? 'Remove'}
          danger
          onClose={() => setAsking(null)}
          onConfirm={() => remove(asking)}
        >
          {actionOf(asking)?.detail}
        </Dialog>
      ) : null}
    </div>
  )
}

function actionOf(place: KeptPlace): { label: string; detail: string } | null {
  if (place.kind === 'archive')
    return {
      label: 'Delete archived copy',
      detail: `The archived copy of ${place.path} is deleted for good: it cannot be restored.`
    }
  if (place.kind === 'conversation')
    return {
      label: 'Remove from conversation',
      detail:
        "Every mention of the text in this conversation (your messages, Claude's answers, its memory commands and their results, earlier versions) becomes [forgotten]. Claude's thinking that mentioned it is removed."
    }
  if (place.kind === 'log')
    return {
      label: 'Remove from log',
      detail: `The text becomes [forgotten] wherever ${place.name} holds it.`
    }
  return null
}

function targetOf(place: KeptPlace): ForgetAtInput['place'] | null {
  if (place.kind === 'archive')
    return { kind: 'archive', archiveId: place.archiveId, path: place.path }
  if (place.kind === 'conversation')
    return { kind: 'conversation', conversationId: place.conversationId }
  if (place.kind === 'log') return { kind: 'log', name: place.name }
  return null
}
