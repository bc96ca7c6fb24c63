import { useRef, useState, type ReactNode } from 'react'
import type { AppInfo } from '@shared/contract'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import type { Settings } from '@shared/app/settings'
import type { MemoryEntry } from '@shared/memory/memory'
import { Message } from '../../components/messages/message'
import { MessageArea, MessageAreaScope } from '../../components/messages/message-area'
import { MemoryFolderControl } from '../../components/memory-folder-control'
import { ActivityPanel } from './activity/activity-panel'
import {
  createDraftStore,
  useDeletedDrafts,
  useUnloadGuard,
  useUnsavedPaths,
  type DraftStore
} from './file/draft-store'
import { DeletedDraftMessage, useDraftDeletions } from './file/deleted-draft'
import { ExpiryPanel } from './expiry/expiry-panel'
import { FilePanel } from './file/file-panel'
import { MissingFile } from './file/missing-file'
import { HistoryPanel } from './history/history-panel'
import { MemorySearchBox, MemorySearchResults } from './memory-search'
import { AllSpacesResults, SearchAllToggle, useAllSearch, type AllSearch } from './search-all'
import { MemoryTree } from './memory-tree'
import { NewFileButton } from './new-file'
import { TidyButton } from './tidy/tidy-button'
import { TidySuggestionLine } from './tidy/tidy-suggestion'
import { OverCapPanel } from './caps/over-cap-panel'
import { SecretsPanel } from './secrets/secrets-panel'
import {
  SyncConflictBar,
  SyncConflictPanel,
  twoVersionConflicts
} from './sync-conflict/sync-conflict'
import { useSyncStatus } from '../../lib/hooks/use-sync-status'
import { UsageBars } from './caps/usage-bars'
import { useMemoryData } from './use-memory-data'
import { MemorySpaceContext, useMemorySpace } from './memory-space'
import { SpaceSwitcher, useMemorySpaces } from './space-switcher'
import { useSpacePins } from './space-pins'
import { SpaceSettingsPane } from './space-settings/space-settings-pane'
import { useSpaceSettings } from './space-settings/use-space-settings'

type Pane = 'file' | 'history' | 'activity' | 'expiry' | 'secrets' | 'settings'

interface Props {
  info: AppInfo | null
  settings: Settings | null
  /** A file another view asked to show (a memory chip in chat); `n` makes repeats count. */
  openRequest?: { path: string; n: number } | null
  /** A Claude entry in the activity log was clicked: show that conversation. */
  onOpenConversation(conversationId: string): void
  /** The memory space of the chat in view: the inspector shows it until another is chosen. */
  chatSpace?: SpaceId | undefined
}

const PANES: { id: Pane; label: string }[] = [
  { id: 'file', label: 'File' },
  { id: 'history', label: 'History' },
  { id: 'activity', label: 'Activity' },
  { id: 'expiry', label: 'Expiry' },
  { id: 'secrets', label: 'Secrets' }
]
/** A project's memory adds its own settings ("No project" follows Settings → Memory). */
const PROJECT_PANES = [...PANES, { id: 'settings' as const, label: 'Settings' }]

/** Unsaved edits per space: switching spaces keeps each one's drafts for when it comes back. */
function createDraftStores() {
  const stores = new Map<SpaceId, DraftStore>()
  return {
    of(space: SpaceId): DraftStore {
      let store = stores.get(space)
      if (!store) stores.set(space, (store = createDraftStore()))
      return store
    },
    all: () => [...stores.entries()]
  }
}

/** Closing the window asks first while any space has unsaved edits. */
function UnloadGuard({ store }: { store: DraftStore }) {
  useUnloadGuard(store)
  return null
}

/**
 * The memory inspector over one space at a time: the space switcher at the top chooses it (the
 * chat in view's space at first), and everything below (tree, editor, history, search,
 * activity) follows it through MemorySpaceContext.
 */
export function MemoryView(props: Props) {
  const spaces = useMemorySpaces()
  const following = props.chatSpace ?? DEFAULT_SPACE_ID
  /** The user's choice, held while the same chat space is in view (another chat brings its own). */
  const [chosen, setChosen] = useState<{ space: SpaceId; following: SpaceId } | null>(null)
  const [seenRequest, setSeenRequest] = useState(props.openRequest)
  if (props.openRequest !== seenRequest) {
    setSeenRequest(props.openRequest)
    setChosen(null) // a file asked for from a chat is in that chat's space
  }
  const wanted = chosen?.following === following ? chosen.space : following
  // A project deleted meanwhile: back to "No project" rather than a space that is gone.
  const space = spaces === null || spaces.some((s) => s.id === wanted) ? wanted : DEFAULT_SPACE_ID
  const [drafts] = useState(createDraftStores)
  const info = spaces?.find((s) => s.id === space)
  const all = useAllSearch(spaces, space, (next) => setChosen({ space: next, following }))
  return (
    <MemorySpaceContext.Provider value={space}>
      {drafts.all().map(([id, store]) => (
        <UnloadGuard key={id} store={store} />
      ))}
      <SpaceInspector
        key={space}
        {...props}
        drafts={drafts.of(space)}
        all={all}
        folder={space === DEFAULT_SPACE_ID ? props.info?.memoryFolder : info?.folder}
        switcher={
          spaces ? <SpaceSwitcher spaces={spaces} value={space} onChange={all.switchTo} /> : null
        }
      />
    </MemorySpaceContext.Provider>
  )
}

function SpaceInspector({
  settings,
  openRequest,
  onOpenConversation,
  drafts,
  folder,
  switcher,
  all
}: Props & {
  drafts: DraftStore
  folder: string | undefined
  switcher: ReactNode
  all: AllSearch
}) {
  const data = useMemoryData()
  const space = useMemorySpace()
  const pins = useSpacePins(space, settings)
  // Expiry as this space runs it: a project's own policy where it keeps one, else Settings'.
  const own = useSpaceSettings(space).state
  const inForce = settings && own ? { ...settings, ...own.effective } : settings
  const unsaved = useUnsavedPaths(drafts)
  useDraftDeletions(drafts)
  const deleted = useDeletedDrafts(drafts)
  // A hit chosen in a search of every space opens here with the search kept.
  const [selected, setSelected] = useState<string | null>(all.carried?.path ?? null)
  const [pane, setPane] = useState<Pane>('file')
  const [query, setQuery] = useState(all.carried?.query ?? '')
  /** Bumped by ArrowDown in the search box: the first hit takes the focus. */
  const [toHits, setToHits] = useState(0)
  const searchBox = useRef<HTMLInputElement>(null)
  // Null at first: a request made before this view mounted (it mounts on first use) still opens.
  // (Not when a search switched here: the file it carries is the one asked for.)
  const [seenRequest, setSeenRequest] = useState(all.carried ? openRequest : null)
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest)
    if (openRequest) {
      setSelected(openRequest.path)
      setPane('file')
    }
  }
  // A path asked for from outside the tree (a link, a chip) may name nothing: the pane says so.
  const requested = openRequest && openRequest.path === selected ? selected : null

  const open = (path: string) => {
    setSelected(path)
    setPane('file')
  }
  const listed = data.entries?.find((e) => e.path === selected && e.kind === 'file')
  // A file gone from the tree (deleted, or not yet listed) stays open while it has a draft.
  const entry =
    listed ??
    (selected && unsaved.includes(selected) && drafts.get(selected) ? draftOnly(selected) : null)
  const discard = (path: string) => {
    drafts.drop(path)
    drafts.dismissKept(path)
    if (path === selected) setSelected(null)
  }
  const isDefault = useMemorySpace() === DEFAULT_SPACE_ID
  // Each space pairs with its own Memory Store: the conflicts shown are this space's.
  const sync = useSyncStatus(space).status
  const conflicts = twoVersionConflicts(sync?.conflicts)
  const conflict = conflicts.find((c) => c.path === selected || c.copy === selected) ?? null

  return (
    <MessageAreaScope className="flex h-full min-h-0 flex-col">
      <header className="flex shrink-0 items-center gap-3 border-b border-line px-5 py-3">
        <h1 className="text-xl font-semibold tracking-tight">Memory</h1>
        {switcher}
        <p className="mr-auto truncate text-sm text-muted" title={folder}>
          {folder ?? ''}
        </p>
        <TidyButton />
        <NewFileButton entries={data.entries} onCreated={open} />
        {/* The app opens only the main memory folder; a project's path is shown beside. */}
        {isDefault ? <MemoryFolderControl /> : null}
      </header>
      <MessageArea>
        {data.error ? (
          // Memory off or its folder unreadable: a state, so it folds but does not go.
          <Message
            tone="danger"
            role="alert"
            summary={data.error.message}
            fold={{ key: data.error.message, chip: 'Memory not loaded' }}
          />
        ) : null}
        {data.usage ? <OverCapPanel usage={data.usage} /> : null}
        {data.usage ? <TidySuggestionLine space={space} usage={data.usage} /> : null}
        <SyncConflictBar conflicts={conflicts} onOpen={open} />
        {deleted
          .filter((path) => path !== selected || pane !== 'file')
          .map((path) => (
            // The open draft says so in its own panel, with Save; elsewhere it is one click away.
            <DeletedDraftMessage
              key={path}
              path={path}
              by={drafts.deletedBy(path)}
              onOpen={() => open(path)}
              onDiscard={() => discard(path)}
            />
          ))}
      </MessageArea>
      {/* The panes keep room for a usable editor (12 lines and more); the messages scroll instead. */}
      <div className="flex min-h-[min(24.5rem,70vh)] flex-1">
        <aside
          aria-label="Memory folder"
          className="flex w-72 shrink-0 flex-col border-r border-line bg-sunken"
        >
          <MemorySearchBox
            query={query}
            onQuery={setQuery}
            onDown={() => setToHits((n) => n + 1)}
            inputRef={searchBox}
          />
          {all.offered ? <SearchAllToggle checked={all.on} onChange={all.turn} /> : null}
          <div className="min-h-0 flex-1 overflow-auto">
            {query && all.offered && all.on ? (
              <AllSpacesResults
                query={query}
                focusFirst={toHits}
                space={space}
                selected={selected}
                focusCurrent={all.carried?.path != null}
                onOpen={(to, path) => (to === space ? open(path) : all.open(to, path, query))}
                onSeeAll={(to) => all.seeAll(to, query)}
                onBack={() => searchBox.current?.focus()}
              />
            ) : query ? (
              <MemorySearchResults
                query={query}
                focusFirst={toHits}
                selected={selected}
                onOpen={open}
                onBack={() =>
                  document
                    .querySelector<HTMLInputElement>('input[aria-label="Search memory"]')
                    ?.focus()
                }
              />
            ) : data.entries ? (
              <MemoryTree
                entries={data.entries}
                selected={selected}
                fresh={data.fresh}
                onSelect={(path) => {
                  setSelected(path)
                  // The History pane follows the chosen file; every other pane opens it.
                  if (pane !== 'history') setPane('file')
                }}
                total={data.total}
                onMore={data.loadMore}
              />
            ) : data.error ? (
              // Nothing to list (memory off for this session, or the folder unreadable): the
              // reason is in the alert above, not an endless "Loading…".
              <p className="p-4 text-muted">No memory files to show.</p>
            ) : (
              <p className="p-4 text-muted">Loading…</p>
            )}
          </div>
          {data.usage ? <UsageBars usage={data.usage} /> : null}
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
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
                onClick={() => setPane(p.id)}
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
          {pane === 'file' && conflict ? (
            <SyncConflictPanel
              key={conflict.path}
              conflict={conflict}
              deviceName={sync?.deviceName ?? 'this device'}
            />
          ) : null}
          <div className="min-h-0 flex-1">
            {pane === 'file' ? (
              entry ? (
                <FilePanel
                  key={entry.path}
                  entry={entry}
                  drafts={drafts}
                  pinnedPatterns={pins.patterns}
                  savePins={pins.save}
                  onMoved={setSelected}
                />
              ) : requested ? (
                <MissingFile
                  path={requested}
                  entries={data.entries}
                  loadMore={data.loadMore}
                  onSearch={(name) => {
                    setQuery(name)
                    searchBox.current?.focus()
                  }}
                  onClose={() => setSelected(null)}
                />
              ) : (
                <p className="p-8 text-center text-muted">
                  {data.entries?.length
                    ? 'Choose a file on the left to read or edit it.'
                    : 'Claude has not remembered anything yet. Files it creates appear here.'}
                </p>
              )
            ) : null}
            {pane === 'history' ? (
              entry ? (
                <HistoryPanel
                  key={entry.path}
                  path={entry.path}
                  drafts={drafts}
                  onKeepEditing={() => setPane('file')}
                />
              ) : (
                <p className="p-8 text-center text-muted">
                  Choose a file on the left to see its versions.
                </p>
              )
            ) : null}
            {pane === 'activity' ? (
              <ActivityPanel onOpen={open} onOpenConversation={onOpenConversation} />
            ) : null}
            {pane === 'expiry' ? <ExpiryPanel settings={inForce} /> : null}
            {pane === 'secrets' ? <SecretsPanel onOpen={open} /> : null}
            {pane === 'settings' && space !== DEFAULT_SPACE_ID ? <SpaceSettingsPane /> : null}
          </div>
        </div>
      </div>
    </MessageAreaScope>
  )
}

/** What the panes need of a file that has a draft but no row in the tree. */
function draftOnly(path: string): MemoryEntry {
  return { path, kind: 'file', size: 0, overCap: false, pinned: false }
}
