import { SYNC_SENT_SENTENCE } from '@shared/memory/sync'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { Card } from '../../../components/card'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { useSyncStatus } from '../../../lib/hooks/use-sync-status'
import {
  SyncConflicts,
  SyncControls,
  SyncSkipped,
  SyncStatusList,
  SyncWaiting,
  type SyncAct
} from './sync-status-parts'
import { SyncTurnOn } from './sync-turn-on'

/**
 * Sync for one memory space: that memory on every device through its own Anthropic Memory Store
 * (off by default). Settings shows "No project"'s; a project's Memory → Settings shows its own.
 */
export function SyncCard({ space }: { space: SpaceId }) {
  const { status, setStatus, problem, setProblem } = useSyncStatus(space)

  const act: SyncAct = (run, unchanged) => {
    setProblem(null)
    call(run).then(setStatus, (failure: unknown) => {
      const message = toShownError(failure).message
      setProblem(unchanged ? `${message} ${unchanged}` : message)
    })
  }
  const on = status !== null && status.state !== 'off'

  return (
    <Card
      title="Sync"
      description={
        space === DEFAULT_SPACE_ID
          ? 'Keep one memory on every device through an Anthropic Memory Store.'
          : 'Keep this project’s memory on every device through a Memory Store of its own (not the one in Settings → Sync).'
      }
    >
      <p className="text-sm" data-testid="sync-sent">
        {SYNC_SENT_SENTENCE}
      </p>
      {status ? <SyncStatusList status={status} on={on} /> : null}
      {status?.error ? (
        <p role="status" className="mt-2 text-sm text-danger">
          {status.error}
          {status.retryAt ? ` Next try at ${new Date(status.retryAt).toLocaleTimeString()}.` : ''}
        </p>
      ) : null}
      {on && status.conflicts.length > 0 ? <SyncConflicts status={status} /> : null}
      {on && status.waiting.length > 0 ? (
        <SyncWaiting status={status} space={space} act={act} />
      ) : null}
      {on && status.waiting.length === 0 && (status.declined ?? 0) > 0 ? (
        <p role="status" className="mt-2 text-sm" data-testid="sync-declined">
          {status.declined === 1 ? '1 change' : `${status.declined} changes`} from another device
          declined: this device keeps its files. A later change there is offered again.
        </p>
      ) : null}
      {on && status.skipped.length > 0 ? <SyncSkipped status={status} /> : null}
      <div className="mt-2 flex items-center gap-2">
        {!on ? (
          <SyncTurnOn
            space={space}
            deviceName={status?.deviceName ?? ''}
            onTurnOn={(input) => act((api) => api.sync.configure({ ...input, space }))}
            onProblem={setProblem}
          />
        ) : (
          <SyncControls status={status} space={space} act={act} />
        )}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </Card>
  )
}
