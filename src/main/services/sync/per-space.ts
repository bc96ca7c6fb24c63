import { join } from 'node:path'
import type { MemoryWriteApproval } from '@shared/app/settings'
import type { SyncStatus } from '@shared/memory/sync'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory/service'
import type { SpaceDescriptor } from '../memory-spaces/space-list'
import { loadConfig } from './config'
import { createSyncService, type SyncService, type SyncServiceDeps } from './service'

// Sync for each memory space: every space pairs with its own Memory Store, its own sidecar and its
// own timers. "No project" keeps its sidecar where Cairn always kept it (<data>/sync-state), so an
// upgraded one-folder user's pairing carries on; a project's sits in that space's own state folder
// (deleted with it when its memory is). A space's memory is reached through the registry's handle:
// a round opens a closed space and counts as a call in flight, so sync never holds a space open
// and a project can still be closed and deleted.

/** Sync's sidecar (which store, what each file was when it last matched). */
export const SYNC_STATE_FOLDER_NAME = 'sync-state'

export interface SyncPerSpaceDeps extends Omit<
  SyncServiceDeps,
  'space' | 'memory' | 'stateDir' | 'approvalMode'
> {
  /** The app's data folder ("No project"'s sidecar lives in it). */
  dataDir: string
  spaces: {
    all(): SpaceDescriptor[]
    /** The space with this id, or SPACE_NOT_FOUND saying its project may be gone. */
    describe(id: SpaceId): SpaceDescriptor
  }
  memoryIn(space: SpaceId): MemoryService
  /** The space's Approval setting in force (its own, else Settings'), read at each round. */
  approvalIn(space: SpaceId): MemoryWriteApproval
  logger?: Logger
}

/** Where a space's sync keeps its sidecar. */
export function syncStateDir(dataDir: string, space: SpaceDescriptor): string {
  return space.id === DEFAULT_SPACE_ID
    ? join(dataDir, SYNC_STATE_FOLDER_NAME)
    : join(space.stateDir, SYNC_STATE_FOLDER_NAME)
}

export function createSyncPerSpace(deps: SyncPerSpaceDeps) {
  const { dataDir, spaces, memoryIn, approvalIn, logger, ...shared } = deps
  const services = new Map<SpaceId, SyncService>()
  const stops = new Map<SpaceId, () => void>()
  const statuses = new Emitter<SyncStatus>((error) =>
    logger?.warn('sync status listener failed', { error })
  )
  let disposed = false

  function create(space: SpaceDescriptor): SyncService {
    const service = createSyncService({
      ...shared,
      space: space.id,
      memory: memoryIn(space.id),
      stateDir: syncStateDir(dataDir, space),
      approvalMode: () => approvalIn(space.id)
    })
    services.set(space.id, service)
    stops.set(
      space.id,
      service.onStatus((status) => statuses.emit(status))
    )
    return service
  }

  /** Stops one space's sync (its round ends at its next request) and lets it go. */
  async function drop(id: SpaceId): Promise<void> {
    const service = services.get(id)
    if (!service) return
    services.delete(id)
    stops.get(id)?.()
    stops.delete(id)
    await service.dispose()
  }

  return {
    /** One space's sync (made on first use; off until configured), or SPACE_NOT_FOUND. */
    in(id: SpaceId): SyncService {
      const space = spaces.describe(id)
      return services.get(id) ?? create(space)
    },
    /**
     * At launch: sync resumes in each space whose saved config says it is on, and only there;
     * a space without sync gets no service, and nothing opens its memory.
     */
    async start(): Promise<void> {
      await Promise.all(
        spaces.all().map(async (space) => {
          if (!(await loadConfig(syncStateDir(dataDir, space)))) return
          if (disposed || services.has(space.id)) return
          await create(space).start()
        })
      )
    },
    /** A deleted project's space stops syncing; resolves once its round in flight has ended. */
    stop: drop,
    /** Every space's status changes, each naming its space. */
    onStatus(listener: (status: SyncStatus) => void): () => void {
      return statuses.on(listener)
    },
    /** Quit: every space's round is stopped at once (a store that never answers cannot hold it). */
    async dispose(): Promise<void> {
      disposed = true
      await Promise.all([...services.keys()].map(drop))
      statuses.clear()
    }
  }
}
export type SyncPerSpace = ReturnType<typeof createSyncPerSpace>
