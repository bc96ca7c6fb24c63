import { useCallback, useEffect, useState } from 'react'
import { CairnError } from '@shared/errors'
import type { SpaceSettingsState, UpdateSpaceSettingsInput } from '@shared/memory/space-settings'
import type { SpaceId } from '@shared/memory/spaces'
import { call, onEvent } from '../../../lib/api'

/** Saves in one view reach every other view of the same space's settings (the Expiry pane). */
const saved = new EventTarget()

/** A space's own settings and the ones in force, read from main, saved a section at a time. */
export function useSpaceSettings(space: SpaceId) {
  const [state, setState] = useState<SpaceSettingsState | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    const load = () =>
      call((api) => api.memory.spaceSettings({ space })).then(
        (next) => live && setState(next),
        (failure: unknown) => live && setError(CairnError.from(failure).detail)
      )
    void load()
    // Settings changed: a section that follows them shows the new values.
    const stop = onEvent('settings:changed', () => void load())
    const reload = (event: Event) => {
      if ((event as CustomEvent<SpaceId>).detail === space) void load()
    }
    saved.addEventListener('saved', reload)
    return () => {
      live = false
      stop()
      saved.removeEventListener('saved', reload)
    }
  }, [space])

  const save = useCallback(
    async (input: Omit<UpdateSpaceSettingsInput, 'space'>): Promise<boolean> => {
      setError(null)
      try {
        const payload = { ...input, space } as UpdateSpaceSettingsInput
        setState(await call((api) => api.memory.updateSpaceSettings(payload)))
        saved.dispatchEvent(new CustomEvent('saved', { detail: space }))
        return true
      } catch (failure) {
        setError(CairnError.from(failure).detail)
        return false
      }
    },
    [space]
  )

  return { state, error, save }
}
