import { useState } from 'react'
import { GitCompareArrows } from 'lucide-react'
import type { RevertOverwrite, RevertResult } from '@shared/memory/history'
import { DiffView } from '../../../components/diff-view'
import { fileName } from '../change-words'

// An undo that met a file changed since: what happened, and the choices, in plain words. Before,
// it said only "Changed since: compare", and the user had to guess what Undo would now do.

export type UndoConflictResult = Extract<RevertResult, { status: 'conflict' }>

/** What the user is told, and the name of the button that undoes anyway (null: it cannot). */
export interface ConflictChoices {
  sentence: string
  anyway: string | null
  keep: string
}

/** "after Claude created it", "after that edit": who did the change being undone, if known. */
function after(change: UndoConflictResult['change'], by: string | undefined): string {
  if (change === 'create') return by ? `after ${by} created it` : 'after it was created'
  if (change === 'delete') return by ? `after ${by} deleted it` : 'after it was deleted'
  if (change === 'move') return by ? `after ${by} moved it` : 'after it was moved'
  return by ? `after ${by}'s edit` : 'after that edit'
}

export function conflictChoices(conflict: UndoConflictResult, by?: string): ConflictChoices {
  const name = fileName(conflict.path)
  const gone = conflict.current === null
  const when = after(conflict.change, by)
  const canForce = conflict.currentHash !== undefined
  switch (conflict.change) {
    case 'create':
      return gone
        ? {
            sentence: `${name} was already deleted ${when}; there is nothing left to undo.`,
            anyway: null,
            keep: 'OK'
          }
        : {
            sentence: `${name} was edited ${when}. Undo would delete those edits too.`,
            anyway: canForce ? 'Delete anyway' : null,
            keep: 'Keep file'
          }
    case 'edit':
      return gone
        ? {
            sentence: `${name} was deleted ${when}. Undo would bring it back as it was before.`,
            anyway: canForce ? 'Bring back anyway' : null,
            keep: 'Keep it deleted'
          }
        : {
            sentence: `${name} was edited again ${when}. Undo would put back the text from before and lose those later edits.`,
            anyway: canForce ? 'Undo anyway' : null,
            keep: 'Keep file'
          }
    case 'delete':
      return {
        sentence: `A new ${name} was made ${when}. Restoring would replace it with the deleted text.`,
        anyway: canForce ? 'Replace anyway' : null,
        keep: 'Keep new file'
      }
    default:
      return {
        sentence: `${name} changed ${when}, so it cannot be undone here; nothing was changed.`,
        anyway: null,
        keep: 'OK'
      }
  }
}

/** The paths to pass back to undo over this conflict (only while the file is as compared). */
export function overwriteOf(conflict: UndoConflictResult): RevertOverwrite[] {
  return conflict.currentHash === undefined
    ? []
    : [{ path: conflict.path, hash: conflict.currentHash }]
}

/** The sentence, Compare (the diff of what changed since), undo anyway, keep. */
export function UndoConflict({
  conflict,
  by,
  busy,
  onAnyway,
  onKeep
}: {
  conflict: UndoConflictResult
  /** Who made the change being undone ("Claude"), for the sentence. */
  by?: string
  busy: boolean
  onAnyway(): void
  onKeep(): void
}) {
  const [comparing, setComparing] = useState(false)
  const choices = conflictChoices(conflict, by)
  const link = 'text-xs text-accent underline-offset-2 hover:underline disabled:opacity-50'
  return (
    <span className="inline-flex max-w-full flex-col gap-1">
      <span role="status" className="text-xs text-warning">
        {choices.sentence}
      </span>
      <span className="inline-flex flex-wrap items-center gap-3">
        {conflict.change !== 'create' || conflict.current !== null ? (
          <button
            type="button"
            aria-expanded={comparing}
            className={`inline-flex items-center gap-1 ${link}`}
            onClick={() => setComparing((c) => !c)}
          >
            <GitCompareArrows size={12} aria-hidden />
            Compare
          </button>
        ) : null}
        {choices.anyway ? (
          <button type="button" className={link} disabled={busy} onClick={onAnyway}>
            {choices.anyway}
          </button>
        ) : null}
        <button type="button" className={link} disabled={busy} onClick={onKeep}>
          {choices.keep}
        </button>
      </span>
      {comparing ? (
        <DiffView
          before={conflict.expected ?? ''}
          after={conflict.current ?? ''}
          label={`How ${fileName(conflict.path)} changed since`}
          className="max-h-60"
        />
      ) : null}
    </span>
  )
}
