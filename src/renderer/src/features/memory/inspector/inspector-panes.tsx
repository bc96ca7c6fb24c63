import type { Settings } from '@shared/app/settings'
import type { MemoryEntry } from '@shared/memory/memory'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import type { SyncStatus } from '@shared/memory/sync'
import { ActivityPanel } from '../activity/activity-panel'
import { ExpiryPanel } from '../expiry/expiry-panel'
import type { DraftStore } from '../file/draft-store'
import { FilePanel } from '../file/file-panel'
import { MissingFile } from '../file/missing-file'
import { HistoryPanel } from '../history/history-panel'
import { useMemorySpace } from '../memory-space'
import { SecretsPanel } from '../secrets/secrets-panel'
import { useSpacePins } from '../space-pins'
import { SpaceSettingsPane } from '../space-settings/space-settings-pane'
import { useSpaceSettings } from '../space-settings/use-space-settings'
import { SyncConflictPanel, type twoVersionConflicts } from '../sync-conflict/sync-conflict'
import { useMemoryData } from '../use-memory-data'
import { openEntry, type InspectorSelection, type Pane } from './use-inspector-selection'

const PANES: { id: Pane; label: string }[] = [
  { id: 'file', label: 'File' },
  { id: 'history', label: 'History' },
  { id: 'activity', label: 'Activity' },
  { id: 'expiry', label: 'Expiry' },
  { id: 'secrets', label: 'Secrets' }
]
/** A project's memory adds its own settings ("No project" follows Settings → Memory). */
const PROJECT_PANES = [...PANES, { id: 'settings' as const, label: 'Settings' }]

interface PanesProps {
  selection: InspectorSelection
  drafts: DraftStore
  unsaved: string[]
  settings: Settings | null
  sync: SyncStatus | null | undefined
  conflicts: ReturnType<typeof twoVersionConflicts>
  /** A missing file's name to look for in the search box. */
  onSearch(name: string): void
  onOpenConversation(conversationId: string): void
}

/** The right column: the pane buttons, the open file's sync conflict, and the pane chosen. */
export function InspectorPanes(props: PanesProps) {
  const { selection, drafts, unsaved, settings, sync, conflicts } = props
  const { entries } = useMemoryData()
  const space = useMemorySpace()
  // Held here, not in the pane that uses them, so switching panes does not read them again.
  const pins = useSpacePins(space, settings)
  // Expiry as this space runs it: a project's own policy where it keeps one, else Settings'.
  const own = useSpaceSettings(space).state
  const inForce = settings && own ? { ...settings, ...own.effective } : settings
  const { selected, pane, setPane } = selection
  const entry = openEntry(selected, entries, unsaved, drafts)
  const conflict = conflicts.find((c) => c.path === selected || c.copy === selected) ?? null
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <PaneBar pane={pane} onPane={setPane} unsaved={unsaved} />
      {pane === 'file' && conflict ? (
        <SyncConflictPanel
          key={conflict.path}
          conflict={conflict}
          deviceName={sync?.deviceName ?? 'this device'}
        />
      ) : null}
      <div className="min-h-0 flex-1">
        <ChosenPane {...props} entry={entry} pins={pins} inForce={inForce} />
      </div>
    </div>
  )
}

/** One button per pane, and which files have unsaved edits (they survive switching panes). */
function PaneBar({
  pane,
  onPane,
  unsaved
}: {
  pane: Pane
  onPane(pane: Pane): void
  unsaved: string[]
}) {
  const space = useMemorySpace()
  return (
    <div
      role="group"
      aria-label="Inspector pane"
      className="flex gap-1 border-b border-line px-3 py-1.5"
    >
      {(space === DEFAULT_SPACE_ID ? PANES : PROJECT_PANES).map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={pane === p.id}
          onClick={() => onPane(p.id)}
          className="rounded-control px-3 py-1 text-sm text-muted hover:bg-fg/5 aria-pressed:bg-accent-soft aria-pressed:font-medium aria-pressed:text-fg"
        >
          {p.label}
        </button>
      ))}
      {unsaved.length > 0 ? (
        <p
          className="ml-auto flex items-center gap-1.5 self-center truncate text-xs text-muted"
          title={unsaved.join('\n')}
        >
          <span className="size-1.5 shrink-0 rounded-full bg-accent" aria-hidden />
          {unsaved.length === 1
            ? `Unsaved edits in ${unsaved[0]?.split('/').pop() ?? ''}`
            : `Unsaved edits in ${unsaved.length} files`}
        </p>
      ) : null}
    </div>
  )
}

interface ChosenProps extends PanesProps {
  entry: MemoryEntry | null
  pins: ReturnType<typeof useSpacePins>
  /** The settings this space runs by. */
  inForce: Settings | null
}

function ChosenPane(props: ChosenProps) {
  const { selection, drafts, entry, inForce } = props
  const space = useMemorySpace()
  switch (selection.pane) {
    case 'file':
      return <FilePane {...props} />
    case 'history':
      return entry ? (
        <HistoryPanel
          key={entry.path}
          path={entry.path}
          drafts={drafts}
          onKeepEditing={() => selection.setPane('file')}
        />
      ) : (
        <p className="p-8 text-center text-muted">Choose a file on the left to see its versions.</p>
      )
    case 'activity':
      return <ActivityPanel onOpen={selection.open} onOpenConversation={props.onOpenConversation} />
    case 'expiry':
      return <ExpiryPanel settings={inForce} />
    case 'secrets':
      return <SecretsPanel onOpen={selection.open} />
    case 'settings':
      return space !== DEFAULT_SPACE_ID ? <SpaceSettingsPane /> : null
  }
}

/** The open file to read and edit; a file asked for that is not there; or what to do first. */
function FilePane({ selection, drafts, entry, pins, onSearch }: ChosenProps) {
  const data = useMemoryData()
  if (entry)
    return (
      <FilePanel
        key={entry.path}
        entry={entry}
        drafts={drafts}
        pinnedPatterns={pins.patterns}
        savePins={pins.save}
        onMoved={selection.setSelected}
      />
    )
  if (selection.requested)
    return (
      <MissingFile
        path={selection.requested}
        entries={data.entries}
        loadMore={data.loadMore}
        onSearch={onSearch}
        onClose={() => selection.setSelected(null)}
      />
    )
  return (
    <p className="p-8 text-center text-muted">
      {data.entries?.length
        ? 'Choose a file on the left to read or edit it.'
        : 'Claude has not remembered anything yet. Files it creates appear here.'}
    </p>
  )
}
