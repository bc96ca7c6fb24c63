import { useEffect, useRef, useState } from 'react'
import { History, RotateCcw } from 'lucide-react'
import type { HistoryVersion } from '@shared/memory/history'
import type { MemoryFile } from '@shared/memory/memory'
import { DiffStat, DiffView } from '../../../components/diff-view'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { formatBytes } from '../../../lib/format'
import { formatAgo, formatDateTime } from '../../../lib/time'
import { errorText, fileName, notKeptLabel, notKeptWhy, versionWords } from '../change-words'
import { isDirty, type DraftStore } from '../file/draft-store'
import { ForgetControl } from './forget-control'
import { historyOf, restoreVersion, versionText } from './history-api'
import { RestoreQuestion } from './restore-question'
import { useHistoryChanges } from '../memory-changes'
import { useMemorySpace } from '../memory-space'

interface Loaded {
  versions: HistoryVersion[]
  current: MemoryFile
}

/** The selected version's text, or why there is none. */
type Picked = { seq: number } & (
  | { state: 'loading' }
  /** `before`: the text the change started from ('' for no file; null when history lacks it). */
  | { state: 'text'; text: string; before: string | null }
  | { state: 'none'; why: string }
)

/** What the diff shows: the change this version made, or this version against the file now. */
type Compare = 'change' | 'current'

function VersionItem(props: {
  version: HistoryVersion
  current: boolean
  selected: boolean
  onSelect(): void
}) {
  const { version } = props
  return (
    <li>
      <button
        type="button"
        aria-pressed={props.selected}
        onClick={props.onSelect}
        className="flex w-full flex-col items-start gap-0.5 rounded-control px-3 py-2 text-left text-sm hover:bg-fg/5 aria-pressed:bg-accent-soft"
      >
        <span className="flex w-full items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-medium">{versionWords(version)}</span>
          {props.current ? (
            <span className="rounded-full bg-success-soft px-1.5 text-[11px] text-success">
              current
            </span>
          ) : null}
        </span>
        <span className="text-xs text-muted">
          <time dateTime={version.time} title={formatDateTime(Date.parse(version.time))}>
            {formatAgo(Date.parse(version.time))}
          </time>
          {' · '}
          {version.hash === null
            ? 'no file'
            : version.notKept
              ? notKeptLabel(version.notKept, version.size)
              : formatBytes(version.size ?? 0)}
        </span>
      </button>
    </li>
  )
}

interface Props {
  path: string
  /** The editor's unsaved edits: a restore asks before it writes over them. */
  drafts: DraftStore
  /** The user chose to go on editing instead of restoring. */
  onKeepEditing(): void
}

/** History of the open file: its versions (who, when); one against the current text; restore. */
export function HistoryPanel({ path, drafts, onKeepEditing }: Props) {
  const space = useMemorySpace()
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const [picked, setPicked] = useState<Picked | null>(null)
  const [status, setStatus] = useState('')
  const [compare, setCompare] = useState<Compare>('change')
  /** A restore waiting for the user's answer about their unsaved edits. */
  const [asking, setAsking] = useState<{ version: HistoryVersion | null; text: string } | null>(
    null
  )
  /** Bumped after a forget, so the list shows what history still holds. */
  const [reload, setReload] = useState(0)
  const changes = useHistoryChanges(path)
  /** Whether the pane has shown this file yet: later reads only keep up (no access marked). */
  const opened = useRef(false)

  useEffect(() => {
    let live = true
    const refresh = opened.current
    opened.current = true
    Promise.all([
      historyOf(space, path),
      call((api) => api.memory.read({ space, path, refresh }))
    ]).then(
      ([versions, current]) => {
        if (!live) return
        setLoaded({ versions, current })
        setError(null)
      },
      (failure: unknown) => {
        if (live) setError(toShownError(failure))
      }
    )
    return () => {
      live = false
    }
  }, [space, path, changes, reload])

  function forgotten(): void {
    setPicked(null)
    setReload((n) => n + 1)
  }

  function select(v: HistoryVersion): void {
    if (v.hash === null) {
      setPicked({ seq: v.seq, state: 'none', why: 'There was no file here at this point.' })
      return
    }
    if (!v.stored) {
      const why = v.notKept
        ? notKeptWhy(v.notKept, v.size)
        : 'History keeps only a fingerprint of this version (it was too big), not its text.'
      setPicked({ seq: v.seq, state: 'none', why })
      return
    }
    setPicked({ seq: v.seq, state: 'loading' })
    setStatus('')
    const before =
      v.before === null ? Promise.resolve('') : versionText(space, v.before).catch(() => null)
    Promise.all([versionText(space, v.hash), before]).then(
      ([text, was]) =>
        setPicked((p) => (p?.seq === v.seq ? { seq: v.seq, state: 'text', text, before: was } : p)),
      (failure: unknown) =>
        setPicked((p) =>
          p?.seq === v.seq
            ? { seq: v.seq, state: 'none', why: errorText(toShownError(failure)) }
            : p
        )
    )
  }

  function askToRestore(version: HistoryVersion | null, text: string): void {
    if (isDirty(drafts.get(path))) setAsking({ version, text })
    else void restore(text)
  }

  async function restore(text: string): Promise<void> {
    if (!loaded) return
    try {
      await restoreVersion(space, path, text, loaded.current.hash)
      // Only once the restore is on disk: a failed one leaves the edits where they were.
      drafts.drop(path)
      setStatus('Restored. The restore is in the history too, so it can be undone.')
      setPicked(null)
      setError(null)
    } catch (failure) {
      setError(toShownError(failure))
    }
  }

  const current = loaded?.current
  // The newest version with the file's text is the current one (an undo can repeat an older hash).
  const currentSeq = loaded?.versions.find((v) => v.hash !== null && v.hash === current?.hash)?.seq
  const chosen = loaded?.versions.find((v) => v.seq === picked?.seq) ?? null
  const shown = shownDiff(compare, picked, current?.content ?? '')
  return (
    <section aria-label={`History of ${fileName(path)}`} className="flex h-full min-h-0">
      <div className="flex w-64 shrink-0 flex-col border-r border-line">
        <h2 className="flex items-center gap-2 border-b border-line px-4 py-2.5 text-sm font-semibold">
          <History size={14} aria-hidden />
          <span className="min-w-0 flex-1 truncate">{fileName(path)}</span>
        </h2>
        {loaded?.versions.some((v) => v.stored && v.hash !== null) ? (
          <div className="border-b border-line px-4 py-1.5">
            <ForgetControl
              what={{ what: 'file', path }}
              label="Forget this file's history"
              question={`Forget every version of ${fileName(path)}?`}
              compact
              onDone={forgotten}
            >
              Every earlier text of {fileName(path)} that history holds goes, including those from
              before a rename.
            </ForgetControl>
          </div>
        ) : null}
        <ol aria-label="Versions" className="min-h-0 flex-1 overflow-auto p-1.5">
          {loaded?.versions.length === 0 ? (
            <li className="p-3 text-sm text-muted">No versions kept for this file yet.</li>
          ) : null}
          {loaded?.versions.map((v) => (
            <VersionItem
              key={v.seq}
              version={v}
              current={v.seq === currentSeq}
              selected={picked?.seq === v.seq}
              onSelect={() => select(v)}
            />
          ))}
        </ol>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 overflow-auto p-4">
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {errorText(error)}
          </p>
        ) : null}
        {status ? (
          <p role="status" className="text-sm text-success">
            {status}
          </p>
        ) : null}
        {!picked ? (
          <p className="mt-6 text-center text-sm text-muted">
            Choose a version to compare it with the current text.
          </p>
        ) : picked.state === 'loading' ? (
          <p className="text-sm text-muted">Loading the version…</p>
        ) : picked.state === 'none' ? (
          <p className="text-sm text-muted">{picked.why}</p>
        ) : current?.truncated ? (
          <p className="text-sm text-muted">
            The file is too big to compare here; open it in an editor outside Cairn.
          </p>
        ) : current ? (
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
                <div role="group" aria-label="Compare" className="mt-1 flex gap-1 text-xs">
                  {(
                    [
                      ['change', 'What it changed'],
                      ['current', 'Against the current text']
                    ] as const
                  ).map(([id, label]) => (
                    <button
                      key={id}
                      type="button"
                      aria-pressed={compare === id}
                      onClick={() => setCompare(id)}
                      className="rounded-control px-2 py-0.5 text-muted hover:bg-fg/5 aria-pressed:bg-accent-soft aria-pressed:text-fg"
                    >
                      {label}
                    </button>
                  ))}
                </div>
                <p className="mt-1 text-xs text-muted">
                  {shown.words} <DiffStat before={shown.before} after={shown.after} />
                </p>
              </div>
              <button
                type="button"
                className="button"
                disabled={picked.text === current.content}
                onClick={() => askToRestore(chosen, picked.text)}
              >
                <RotateCcw size={14} aria-hidden />
                Restore this version
              </button>
              {chosen?.hash ? (
                <ForgetControl
                  what={{ what: 'version', hash: chosen.hash }}
                  label="Forget this version"
                  question={`Forget this version of ${fileName(path)}?`}
                  onDone={forgotten}
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
        ) : null}
      </div>
      <RestoreQuestion
        path={path}
        open={asking !== null}
        version={asking?.version ?? null}
        onDiscardAndRestore={() => {
          const text = asking?.text
          setAsking(null)
          if (text !== undefined) void restore(text)
        }}
        onKeepEditing={() => {
          setAsking(null)
          onKeepEditing()
        }}
        onClose={() => setAsking(null)}
      />
    </section>
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
