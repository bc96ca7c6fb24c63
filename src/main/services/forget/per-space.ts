import type { SpaceId } from '@shared/memory/spaces'
import { cachedPerSpace, type SpacesForService } from '../memory-spaces/per-space-cache'
import { createForgetService, type ForgetService, type ForgetServiceDeps } from './forget-service'

// Forget in one memory space: its engine forgets its own history and log; the places outside
// every space (chats, logs, the rest of the data folder) are searched as for any space. Every
// space's folders are left out of that search (`memoryFolders`): another space's notes are that
// space's to forget, never changed by this one's Forget.

export function createForgetPerSpace(
  deps: Omit<ForgetServiceDeps, 'memory'> & { spaces: SpacesForService }
): (space: SpaceId) => ForgetService {
  const { spaces, ...shared } = deps
  return cachedPerSpace(spaces, (memory) => createForgetService({ ...shared, memory }))
}
