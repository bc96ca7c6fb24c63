import { useState } from 'react'
import { RotateCcw } from 'lucide-react'
import type { HistoryVersion } from '@shared/memory/history'
import type { MemoryFile } from '@shared/memory/memory'
import { DiffStat, DiffView } from '../../../components/diff-view'
import { formatDateTime } from '../../../lib/time'
import { fileName, versionWords } from '../change-words'
import { ForgetControl } from './forget-control'
import type { Picked } from './use-file-history'

/** What the diff shows: the change this version made, or this version against the file now. */
type Compare = 'change' | 'current'

interface Props {
  path: string
  picked: Picked | null
  /** The picked version as the list holds it (null once a reload no longer lists it). */
  chosen: HistoryVersion | null
  current: MemoryFile | undefined
  onRestore(version: HistoryVersion | null, text: string): void
  onForgotten(): void
}

/** The right side of the history pane: the version chosen, compared, with restore and forget. */
export function VersionDetail(props: Props) {
  const { picked, current } = props
  // Held here, not in the comparison: the choice stays while the next version loads.
  const [compare, setCompare] = useState<Compare>('change')
  if (!picked)
    return (
      <p className="mt-6 text-center text-sm text-muted">
        Choose a version to compare it with the current text.
      </p>
    )
  if (picked.state === 'loading') return <p className="text-sm text-muted">Loading the version…</p>
  if (picked.state === 'none') return <p className="text-sm text-muted">{picked.why}</p>
  if (current?.truncated)
    return (
      <p className="text-sm text-muted">
        The file is too big to compare here; open it in an editor outside Cairn.
      </p>
    )
  if (!current) return null
  return (
    <VersionCompare
      {...props}
      picked={picked}
      current={current}
      compare={compare}
      onCompare={setCompare}
    />
  )
}

function VersionCompare({
  path,
  picked,
  chosen,
  current,
  compare,
  onCompare,
  onRestore,
  onForgotten
}: Props & {
  picked: Picked & { state: 'text' }
  current: MemoryFile
  compare: Compare
  onCompare(compare: Compare): void
}) {
  const shown = shownDiff(compare, picked, current.content)
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <div className="mr-auto min-w-0">
          <h3 className="text-sm font-semibold">
            {chosen ? versionWords(chosen) : 'This version'}
            {chosen ? (
              <span className="font-normal text-muted">
                {' '}
                · {formatDateTime(Date.parse(chosen.time))}
              </span>
            ) : null}
          </h3>
          <CompareChoice compare={compare} onCompare={onCompare} />
          <p className="mt-1 text-xs text-muted">
            {shown.words} <DiffStat before={shown.before} after={shown.after} />
          </p>
        </div>
        <button
          type="button"
          className="button"
          disabled={picked.text === current.content}
          onClick={() => onRestore(chosen, picked.text)}
        >
          <RotateCcw size={14} aria-hidden />
          Restore this version
        </button>
        {chosen?.hash ? (
          <ForgetControl
            what={{ what: 'version', hash: chosen.hash }}
            label="Forget this version"
            question={`Forget this version of ${fileName(path)}?`}
            onDone={onForgotten}
          >
            The text {fileName(path)} had after “{versionWords(chosen)}” goes from history.
          </ForgetControl>
        ) : null}
      </div>
      {shown.missing ? (
        <p className="text-sm text-muted">{shown.missing}</p>
      ) : (
        <DiffView
          before={shown.before}
          after={shown.after}
          label={shown.label}
          numbers
          context={3}
        />
      )}
    </>
  )
}

const COMPARES = [
  ['change', 'What it changed'],
  ['current', 'Against the current text']
] as const

function CompareChoice({
  compare,
  onCompare
}: {
  compare: Compare
  onCompare(compare: Compare): void
}) {
  return (
    <div role="group" aria-label="Compare" className="mt-1 flex gap-1 text-xs">
      {COMPARES.map(([id, label]) => (
        <button
          key={id}
          type="button"
          aria-pressed={compare === id}
          onClick={() => onCompare(id)}
          className="rounded-control px-2 py-0.5 text-muted hover:bg-fg/5 aria-pressed:bg-accent-soft aria-pressed:text-fg"
        >
          {label}
        </button>
      ))}
    </div>
  )
}

/**
 * The diff to show: the change the version made (before → after, as the chat's chips show it),
 * or the current text → this version (what restoring it would do).
 */
function shownDiff(
  compare: Compare,
  picked: Picked | null,
  current: string
): { before: string; after: string; words: string; label: string; missing?: string } {
  const text = picked?.state === 'text' ? picked.text : ''
  if (compare === 'current' || picked?.state !== 'text')
    return {
      before: current,
      after: text,
      words: 'Current text → this version',
      label: 'Current text compared with this version'
    }
  return {
    before: picked.before ?? '',
    after: text,
    words: 'Before → after this change',
    label: 'What this change did',
    ...(picked.before === null
      ? {
          missing:
            'History did not keep the text from before this change; compare with the current text instead.'
        }
      : {})
  }
}
