import { Spinner } from '../../components/icons'
import type { ShownError } from '../../lib/errors'

export type SaveFeedback =
  { kind: 'saved' } | { kind: 'failed'; error: ShownError } | { kind: 'blocked' } | null

interface SaveBarProps {
  saving: boolean
  changes: number
  invalid: number
  feedback: SaveFeedback
  onDiscard: () => void
}

// Wording avoids "unsaved" so that "saved" only ever appears once main has written the file.
function statusText({ saving, changes, invalid, feedback }: SaveBarProps): string {
  if (saving) return 'Saving…'
  if (feedback?.kind === 'failed')
    return `Could not save: ${feedback.error.message} ${feedback.error.nextStep ?? ''}`.trim()
  if (invalid > 0)
    return `Fix ${invalid === 1 ? 'the field' : `${invalid} fields`} marked in red to save.`
  if (changes > 0) return changes === 1 ? '1 change to save.' : `${changes} changes to save.`
  if (feedback?.kind === 'saved') return 'Saved.'
  return 'No changes.'
}

export function SaveBar(props: SaveBarProps) {
  const { saving, changes, invalid, feedback, onDiscard } = props
  const tone =
    feedback?.kind === 'failed' || (invalid > 0 && feedback?.kind === 'blocked')
      ? 'error'
      : invalid > 0
        ? 'warning'
        : feedback?.kind === 'saved' && changes === 0
          ? 'success'
          : 'neutral'
  return (
    <div className="save-bar">
      <output aria-label="Save status" className={`save-bar__status save-bar__status--${tone}`}>
        {statusText(props)}
      </output>
      <div className="save-bar__actions">
        <button
          type="button"
          className="button button--quiet"
          onClick={onDiscard}
          disabled={saving || (changes === 0 && invalid === 0)}
        >
          Discard changes
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={saving || changes === 0 || invalid > 0}
          aria-busy={saving || undefined}
          aria-keyshortcuts="Control+S Meta+S"
        >
          {saving ? <Spinner /> : null}
          Save
        </button>
      </div>
    </div>
  )
}
