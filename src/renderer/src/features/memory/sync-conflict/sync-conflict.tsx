import { useEffect, useState } from 'react'
import { GitCompareArrows } from 'lucide-react'
import type { SpaceId } from '@shared/memory/spaces'
import { copyLabel, type SyncConflict, type SyncResolveInput } from '@shared/memory/sync'
import { DiffView } from '../../../components/diff-view'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { useFileChanges } from '../memory-changes'
import { relativePath } from '../memory-paths'
import { useMemorySpace } from '../memory-space'

/** The conflicts the user can answer here: both versions kept, side by side in the folder. */
export function twoVersionConflicts(conflicts: readonly SyncConflict[] | undefined) {
  return (conflicts ?? []).filter(
    (c): c is SyncConflict & { copy: string } => c.kind === 'kept-both' && !!c.copy
  )
}

/** The first conflicts get a button on the message's line; the rest are under Details. */
const ON_THE_LINE = 3

/**
 * A message over the inspector: how many sync conflicts wait, each a button that opens it. It
 * folds into a chip while the same conflicts wait, and comes back when the list changes.
 */
export function SyncConflictBar({
  conflicts,
  onOpen
}: {
  conflicts: ReadonlyArray<SyncConflict & { copy: string }>
  onOpen(path: string): void
}) {
  if (conflicts.length === 0) return null
  const review = (c: SyncConflict) => (
    <button key={c.path} type="button" className={MESSAGE_BUTTON} onClick={() => onOpen(c.path)}>
      Review {relativePath(c.path)}
    </button>
  )
  const more = conflicts.slice(ON_THE_LINE)
  return (
    <Message
      tone="warning"
      role="region"
      label="Sync conflicts"
      icon={GitCompareArrows}
      summary={
        conflicts.length === 1
          ? 'A file was changed on this device and another one:'
          : `${conflicts.length} files were changed on this device and another one:`
      }
      fold={{
        key: conflicts.map((c) => c.path).join('\n'),
        chip: conflicts.length === 1 ? '1 sync conflict' : `${conflicts.length} sync conflicts`
      }}
      actions={conflicts.slice(0, ON_THE_LINE).map(review)}
      details={
        more.length > 0 ? <div className="flex flex-wrap gap-1">{more.map(review)}</div> : undefined
      }
    />
  )
}

type Texts = { theirs: string; mine: string } | { error: string }
type TwoVersionConflict = SyncConflict & { copy: string }

/**
 * One conflict as a diff: the store's version (at the path) against this device's (the kept
 * copy), and the three answers. Main applies the answer as the user's own edit and syncs it.
 */
export function SyncConflictPanel({
  conflict,
  deviceName
}: {
  conflict: TwoVersionConflict
  deviceName: string
}) {
  const space = useMemorySpace()
  const texts = useBothVersions(space, conflict)
  const { busy, problem, answer } = useConflictAnswer(space, conflict.path)
  const name = relativePath(conflict.path)
  const copy = relativePath(conflict.copy)
  // The copy holds this device's version, or (found on another device) that device's.
  const from = conflict.from ?? copyLabel(deviceName)
  const ours = from === copyLabel(deviceName)
  return (
    <section
      aria-label={`Sync conflict in ${name}`}
      className="flex max-h-[60%] min-h-0 flex-col gap-2 border-b border-line bg-sunken px-5 py-3"
    >
      <h2 className="font-semibold">Changed on two devices</h2>
      <p className="text-sm text-muted">
        <code>{name}</code> has the version from the store{ours ? ' (another device)' : ''}.{' '}
        <code>{copy}</code> has the version from {from}. The diff shows what {from} changed compared
        with the store's version.
      </p>
      <BothVersionsDiff texts={texts} name={name} from={from} />
      <ConflictAnswers
        name={name}
        copy={copy}
        from={from}
        ours={ours}
        busy={busy}
        onAnswer={answer}
      />
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  )
}

/** Both sides of the conflict, read again when a change names either (a sync round, an edit). */
function useBothVersions(space: SpaceId, conflict: TwoVersionConflict): Texts | null {
  const changes = useFileChanges(conflict.path) + useFileChanges(conflict.copy)
  const [texts, setTexts] = useState<Texts | null>(null)
  useEffect(() => {
    let live = true
    Promise.all([
      // Showing the conflict is not opening the files: their idle-expiry clocks stay as they are.
      call((api) => api.memory.read({ space, path: conflict.path, refresh: true })),
      call((api) => api.memory.read({ space, path: conflict.copy, refresh: true }))
    ]).then(
      ([theirs, mine]) => live && setTexts({ theirs: theirs.content, mine: mine.content }),
      (failure: unknown) => live && setTexts({ error: toShownError(failure).message })
    )
    return () => {
      live = false
    }
  }, [space, conflict.path, conflict.copy, changes])
  return texts
}

/** Sends the user's answer to main; busy while it runs, and the problem if it failed. */
function useConflictAnswer(space: SpaceId, path: string) {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const answer = (keep: SyncResolveInput['keep']) => {
    setBusy(true)
    setProblem(null)
    call((api) => api.sync.resolve({ space, path, keep })).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false)
        setProblem(toShownError(failure).message)
      }
    )
  }
  return { busy, problem, answer }
}

/** The store's version against the copy's, or what stood in the way of reading them. */
function BothVersionsDiff({
  texts,
  name,
  from
}: {
  texts: Texts | null
  name: string
  from: string
}) {
  if (texts === null) return <p className="text-sm text-muted">Loading both versions…</p>
  if ('error' in texts) {
    return (
      <p role="alert" className="text-sm text-danger">
        {texts.error} Choose &ldquo;Keep both&rdquo; to close this conflict and edit the files
        yourself.
      </p>
    )
  }
  return (
    <DiffView
      before={texts.theirs}
      after={texts.mine}
      numbers
      label={`${name}: the store's version against ${from}'s`}
      className="min-h-0 flex-1"
    />
  )
}

/** The three answers: the copy's version, the store's, or both files kept. */
function ConflictAnswers({
  name,
  copy,
  from,
  ours,
  busy,
  onAnswer
}: {
  name: string
  copy: string
  from: string
  ours: boolean
  busy: boolean
  onAnswer(keep: SyncResolveInput['keep']): void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="button"
        disabled={busy}
        title={`${from}'s version replaces ${name}; ${copy} is deleted`}
        onClick={() => onAnswer('mine')}
      >
        {ours ? 'Keep mine' : `Keep ${from}'s`}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        title={`${name} stays as the store has it; ${copy} is deleted`}
        onClick={() => onAnswer('theirs')}
      >
        {ours ? 'Keep theirs' : "Keep the store's"}
      </button>
      <button
        type="button"
        className="button button--quiet"
        disabled={busy}
        title="Both files stay; the conflict closes"
        onClick={() => onAnswer('both')}
      >
        Keep both
      </button>
      <span className="text-xs text-muted">Every device gets your choice at the next sync.</span>
    </div>
  )
}
