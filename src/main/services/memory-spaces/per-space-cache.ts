import type { SpaceId } from '@shared/memory/spaces'
import type { MemoryService } from '../memory/service'

/** What a per-space service needs of the spaces: that one exists, and its memory. */
export interface SpacesForService {
  /** Throws SPACE_NOT_FOUND for a space that is not (or no longer) listed. */
  describe(space: SpaceId): unknown
  memoryIn(space: SpaceId): MemoryService
}

/**
 * One service per memory space, made the first time that space asks and kept after: export and
 * import, Forget. An unknown space is refused before anything is made.
 */
export function cachedPerSpace<T>(
  spaces: SpacesForService,
  make: (memory: MemoryService, space: SpaceId) => T
): (space: SpaceId) => T {
  const made = new Map<SpaceId, T>()
  return (space) => {
    spaces.describe(space)
    let service = made.get(space)
    if (!service) {
      service = make(spaces.memoryIn(space), space)
      made.set(space, service)
    }
    return service
  }
}
