import type { MemoryChange } from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import type { MemoryService } from '../memory/service'
import { createMemoryOff } from '../memory/off'

// One space's MemoryService as chat, sync, backup and IPC hold it: a stable object whose every
// call goes through the registry (which opens the space if it is closed and counts the call as
// in flight, so a running write or a waiting approval keeps the space open).

/** The part of the registry a handle calls into (kept narrow: no import cycle of behaviour). */
export interface HandleHost {
  readonly enabled: boolean
  readonly offReason: string | null
  use<T>(id: SpaceId, run: (memory: MemoryService) => Promise<T>): Promise<T>
  forEachOpen(apply: (memory: MemoryService) => void, only?: SpaceId): void
  onChange(listener: (space: SpaceId, change: MemoryChange) => void): () => void
}

/** Members that are not "open the space and call it": lifecycle, settings and listeners. */
const OWN = new Set(['enabled', 'offReason', 'onChange', 'dispose'])
const SETTINGS = new Set(['updateLimits', 'updateExpiry', 'updateHistory', 'updateSecretGuard'])

/**
 * The method names of a MemoryService, read from memory-off (which implements every one), so a
 * method added to the interface is forwarded without a list kept here by hand.
 */
const FORWARDED = Object.entries(createMemoryOff(''))
  .filter(([name, value]) => typeof value === 'function' && !OWN.has(name) && !SETTINGS.has(name))
  .map(([name]) => name)

export function spaceHandle(id: SpaceId, host: HandleHost): MemoryService {
  const handle: Record<string, unknown> = {
    get enabled() {
      return host.enabled
    },
    get offReason() {
      return host.offReason
    },
    onChange: (listener: (change: MemoryChange) => void) =>
      host.onChange((space, change) => {
        if (space === id) listener(change)
      }),
    // The registry owns the space's lifecycle; a holder letting go closes nothing.
    dispose: async () => undefined
  }
  for (const name of SETTINGS)
    handle[name] = (patch: unknown) =>
      host.forEachOpen(
        (memory) => (memory[name as 'updateLimits'] as (p: unknown) => void)(patch),
        id
      )
  for (const name of FORWARDED)
    handle[name] = (...args: unknown[]) =>
      host.use(id, (memory) =>
        (memory[name as keyof MemoryService] as (...a: unknown[]) => Promise<unknown>)(...args)
      )
  // Claude's command never rejects, even when its space cannot be opened: it answers an error.
  handle.execute = (...args: unknown[]) =>
    host
      .use(id, (memory) => memory.execute(args[0], args[1] as never, args[2] as never))
      .catch(() => ({
        content: 'Error: This memory could not be opened just now. Answer without memory.',
        isError: true
      }))
  return handle as unknown as MemoryService
}
