import { useMemo, useState, type KeyboardEvent } from 'react'
import { withNeeds, withoutDependents } from '@shared/tidy/change-links'
import type { TidyChange, TidyProposal } from '@shared/tidy/tidy'
import { formatBytes, formatNumber } from '../../../lib/format'
import { LazyDiff } from './lazy-diff'

// The tidy as a pull request: changes grouped by file, each with its reason and diff, accepted
// or rejected with a checkbox (a change goes with the ones it needs, and says so); the lines
// memory would forget; the folder before → after against its caps. Apply sends the accepted ids.

/** A share of a cap: whole percents, and under 1% said so rather than rounded to 0. */
const percent = (share: number) =>
  share > 0 && share < 0.01 ? 'under 1%' : `${Math.round(share * 100)}%`

export function TidyReview({
  proposal,
  onApply,
  onDiscard
}: {
  proposal: TidyProposal
  onApply(accept: number[]): Promise<void>
  onDiscard(): void
}) {
  const all = useMemo(() => proposal.changes.map((c) => c.id), [proposal])
  const [accepted, setAccepted] = useState<Set<number>>(() => new Set(all))
  const [busy, setBusy] = useState(false)
  const groups = useMemo(() => {
    const byPath = new Map<string, TidyChange[]>()
    for (const change of proposal.changes)
      byPath.set(change.path, [...(byPath.get(change.path) ?? []), change])
    return [...byPath]
  }, [proposal])
  const toggle = (id: number, on: boolean) =>
    setAccepted((now) =>
      on
        ? new Set([...now, ...withNeeds(proposal.changes, [id])])
        : withoutDependents(proposal.changes, now, [id])
    )
  const { before, after } = proposal.totals

  return (
    <div className="flex flex-col gap-4" onKeyDown={moveBetweenChanges}>
      {proposal.summary ? <p>{proposal.summary}</p> : null}
      <p className="text-sm text-muted">
        Files {formatNumber(before.files)} → {formatNumber(after.files)} (
        {percent(before.shareOfFiles)} → {percent(after.shareOfFiles)} of the file cap); size{' '}
        {formatBytes(before.bytes)} → {formatBytes(after.bytes)} ({percent(before.shareOfBytes)} →{' '}
        {percent(after.shareOfBytes)} of the size cap).
      </p>
      {proposal.changes.length === 0 ? (
        <p role="status">Claude proposes no changes: your memory is tidy already.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="button" onClick={() => setAccepted(new Set(all))}>
            Accept all
          </button>
          <button type="button" className="button" onClick={() => setAccepted(new Set())}>
            Reject all
          </button>
          <p className="text-sm text-muted">
            ↑ ↓ move between changes; Space accepts or rejects the one in focus.
          </p>
        </div>
      )}
      {groups.map(([path, changes]) => {
        const forgotten = proposal.files.find((file) => file.path === path)?.forgotten ?? []
        return (
          <section key={path} aria-label={path} className="flex flex-col gap-2">
            <h3 className="font-mono text-sm font-semibold">{path}</h3>
            {forgotten.length ? (
              <div className="rounded border border-line bg-danger-soft p-2 text-sm">
                <p className="font-medium">
                  Memory would forget (found in no file after the tidy):
                </p>
                <ul className="list-disc pl-5">
                  {forgotten.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {changes.map((change) => (
              <ChangeItem
                key={change.id}
                change={change}
                on={accepted.has(change.id)}
                onToggle={(on) => toggle(change.id, on)}
              />
            ))}
          </section>
        )
      })}
      {/* Kept in sight at the bottom while the changes scroll past. */}
      <div className="sticky bottom-0 -mx-5 flex justify-end gap-2 border-t border-line bg-surface px-5 py-3">
        <button type="button" className="button button--quiet" onClick={onDiscard}>
          Discard the tidy
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || accepted.size === 0}
          onClick={() => {
            setBusy(true)
            void onApply(all.filter((id) => accepted.has(id))).finally(() => setBusy(false))
          }}
        >
          Apply {accepted.size} of {all.length} {all.length === 1 ? 'change' : 'changes'}
        </button>
      </div>
    </div>
  )
}

/** ↑ and ↓ on a change's checkbox move to the one before or after it. */
function moveBetweenChanges(event: KeyboardEvent<HTMLDivElement>): void {
  const box = event.target
  if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const boxes = [
    ...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')
  ]
  const next = boxes[boxes.indexOf(box) + (event.key === 'ArrowDown' ? 1 : -1)]
  if (!next) return
  event.preventDefault()
  next.focus()
  next.scrollIntoView({ block: 'nearest' })
}

function ChangeItem({
  change,
  on,
  onToggle
}: {
  change: TidyChange
  on: boolean
  onToggle(on: boolean): void
}) {
  const { preview } = change
  const name = change.path.split('/').pop() ?? change.path
  return (
    <div className="flex flex-col gap-1.5 rounded border border-line p-2">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1"
          checked={on}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <span>
          <span className="font-medium">Change {change.id}:</span> {change.reason}
        </span>
      </label>
      {change.needs.map((need) => (
        <p key={need.id} className="text-sm text-muted">
          Goes with change {need.id}: {need.why}
        </p>
      ))}
      {preview.to ? <p className="text-sm">Moves to {preview.to}</p> : null}
      {preview.note && !preview.to ? <p className="text-sm text-muted">{preview.note}</p> : null}
      {preview.before !== null || preview.after !== null ? (
        <LazyDiff
          before={preview.before ?? ''}
          after={preview.after ?? ''}
          label={`What change ${change.id} does to ${name}`}
        />
      ) : null}
    </div>
  )
}
