import { useState, type ReactNode } from 'react'
import type { AppInfo } from '@shared/contract'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import type { Settings } from '@shared/app/settings'
import { MessageAreaScope } from '../../components/messages/message-area'
import {
  createDraftStore,
  useUnloadGuard,
  useUnsavedPaths,
  type DraftStore
} from './file/draft-store'
import { useDraftDeletions } from './file/deleted-draft'
import { useAllSearch, type AllSearch } from './search-all'
import { twoVersionConflicts } from './sync-conflict/sync-conflict'
import { useSyncStatus } from '../../lib/hooks/use-sync-status'
import { MemorySpaceContext, useMemorySpace } from './memory-space'
import { SpaceSwitcher, useMemorySpaces } from './space-switcher'
import { FolderSide } from './inspector/folder-side'
import { InspectorHeader } from './inspector/inspector-header'
import { InspectorMessages } from './inspector/inspector-messages'
import { InspectorPanes } from './inspector/inspector-panes'
import { useInspectorSelection, type OpenRequest } from './inspector/use-inspector-selection'
import { useSearchQuery } from './inspector/use-search-query'

interface Props {
  info: AppInfo | null
  settings: Settings | null
  /** A file another view asked to show (a memory chip in chat); `n` makes repeats count. */
  openRequest?: OpenRequest
  /** A Claude entry in the activity log was clicked: show that conversation. */
  onOpenConversation(conversationId: string): void
  /** The memory space of the chat in view: the inspector shows it until another is chosen. */
  chatSpace?: SpaceId | undefined
}

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
  const space = useMemorySpace()
  const unsaved = useUnsavedPaths(drafts)
  useDraftDeletions(drafts)
  const selection = useInspectorSelection(openRequest, all.carried, drafts)
  const search = useSearchQuery(all.carried?.query ?? '')
  // Each space pairs with its own Memory Store: the conflicts shown are this space's.
  const sync = useSyncStatus(space).status
  const conflicts = twoVersionConflicts(sync?.conflicts)
  return (
    <MessageAreaScope className="flex h-full min-h-0 flex-col">
      <InspectorHeader switcher={switcher} folder={folder} onCreated={selection.open} />
      <InspectorMessages drafts={drafts} selection={selection} conflicts={conflicts} />
      {/* The panes keep room for a usable editor (12 lines and more); the messages scroll instead. */}
      <div className="flex min-h-[min(24.5rem,70vh)] flex-1">
        <FolderSide search={search} selection={selection} all={all} />
        <InspectorPanes
          selection={selection}
          drafts={drafts}
          unsaved={unsaved}
          settings={settings}
          sync={sync}
          conflicts={conflicts}
          onSearch={search.searchFor}
          onOpenConversation={onOpenConversation}
        />
      </div>
    </MessageAreaScope>
  )
}
