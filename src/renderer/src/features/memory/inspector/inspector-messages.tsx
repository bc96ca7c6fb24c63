import { Message } from '../../../components/messages/message'
import { MessageArea } from '../../../components/messages/message-area'
import { OverCapPanel } from '../caps/over-cap-panel'
import { DeletedDraftMessage } from '../file/deleted-draft'
import { useDeletedDrafts, type DraftStore } from '../file/draft-store'
import { useMemorySpace } from '../memory-space'
import { SyncConflictBar, type twoVersionConflicts } from '../sync-conflict/sync-conflict'
import { TidySuggestionLine } from '../tidy/tidy-suggestion'
import { useMemoryData } from '../use-memory-data'
import type { InspectorSelection } from './use-inspector-selection'

/** What the whole space has to say above the panes: load failure, caps, tidy, conflicts, drafts. */
export function InspectorMessages({
  drafts,
  selection,
  conflicts
}: {
  drafts: DraftStore
  selection: InspectorSelection
  conflicts: ReturnType<typeof twoVersionConflicts>
}) {
  const data = useMemoryData()
  const space = useMemorySpace()
  const deleted = useDeletedDrafts(drafts)
  const { selected, pane, open, discard } = selection
  return (
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
  )
}
