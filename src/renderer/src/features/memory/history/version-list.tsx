import { History } from 'lucide-react'
import type { HistoryVersion } from '@shared/memory/history'
import { formatBytes } from '../../../lib/format'
import { formatAgo, formatDateTime } from '../../../lib/time'
import { fileName, notKeptLabel, versionWords } from '../change-words'
import { ForgetControl } from './forget-control'
import type { Loaded } from './use-file-history'

/** The left column of the history pane: the file's name, forget it all, and its versions. */
export function VersionList({
  path,
  loaded,
  pickedSeq,
  onSelect,
  onForgotten
}: {
  path: string
  loaded: Loaded | null
  pickedSeq: number | undefined
  onSelect(version: HistoryVersion): void
  onForgotten(): void
}) {
  const current = loaded?.current
  // The newest version with the file's text is the current one (an undo can repeat an older hash).
  const currentSeq = loaded?.versions.find((v) => v.hash !== null && v.hash === current?.hash)?.seq
  return (
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
            onDone={onForgotten}
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
            selected={pickedSeq === v.seq}
            onSelect={() => onSelect(v)}
          />
        ))}
      </ol>
    </div>
  )
}

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
