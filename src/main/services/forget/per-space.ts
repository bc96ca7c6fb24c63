import type { SpaceId } from '@shared/memory/spaces'
import type { MemoryService } from '../memory/service'
import { createForgetService, type ForgetService, type ForgetServiceDeps } from './forget-service'

// Forget in one memory space: its engine forgets its own history and log; the places outside
// every space (chats, logs, the rest of the data folder) are searched as for any space. Every
// space's folders are left out of that search (`memoryFolders`): another space's notes are that
// space's to forget, never changed by this one's Forget.

export function createForgetPerSpace(
  deps: Omit<ForgetServiceDeps, 'memory'> & {
    spaces: { describe(space: SpaceId): unknown; memoryIn(space: SpaceId): MemoryService }
  }
): (space: SpaceId) => ForgetService {
  const { spaces, ...shared } = deps
  const services = new Map<SpaceId, ForgetService>()
  return (space) => {
    spaces.describe(space)
    let forget = services.get(space)
    if (!forget) {
      forget = createForgetService({ ...shared, memory: spaces.memoryIn(space) })
      services.set(space, forget)
    }
    return forget
  }
}
