import type { VersionRef } from '@shared/memory/memory'
import { DiffView } from '../../../components/diff-view'
import { errorText, fileName, notKeptWhy } from '../change-words'
import { useVersionPair } from './history-api'
import { useMemorySpace } from '../memory-space'

/**
 * What one change did to one file, from history: a new file's text, an edit's diff, a deleted
 * file's last text, a rename that kept the text. Reads the texts only while shown.
 */
export function ChangeView({ change, label }: { change: VersionRef; label: string }) {
  const space = useMemorySpace()
  const { before, after, error } = useVersionPair(space, change, true)
  if (error) return <p className="text-xs text-danger">{errorText(error)}</p>
  if (before.state === 'loading' || after.state === 'loading')
    return <p className="text-xs text-muted">Loading the change…</p>
  if (before.state === 'missing' || after.state === 'missing') {
    const side = before.state === 'missing' ? 'before' : 'after'
    const why = change.notKept?.[side]
    if (why)
      return (
        <p className="text-xs text-muted">
          {notKeptWhy(why, side === 'before' ? change.sizeBefore : change.sizeAfter)}
        </p>
      )
    return (
      <p className="text-xs text-muted">
        History does not keep the text {before.state === 'missing' ? 'before' : 'after'} this change
        (too big, or changed outside Cairn before it was seen).
      </p>
    )
  }
  if (change.from && change.before === change.after)
    return (
      <p className="text-xs text-muted">
        Moved from {fileName(change.from)} to {fileName(change.path)}; the text is unchanged.
      </p>
    )
  return <DiffView before={before.text} after={after.text} label={label} />
}
