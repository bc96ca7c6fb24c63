import { useCallback, useEffect, useState } from 'react'
import type { Settings } from '@shared/app/settings'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { call, onEvent } from '../../lib/api'

/*
 * A space's pinned patterns and where they are saved: "No project" keeps them in Settings (as
 * before spaces), a project's space in its own settings, since a pattern names files in one folder.
 */
export function useSpacePins(space: SpaceId, settings: Settings | null) {
  const [own, setOwn] = useState<readonly string[] | null>(null)
  const isDefault = space === DEFAULT_SPACE_ID

  useEffect(() => {
    if (isDefault) return
    let live = true
    const load = () =>
      call((api) => api.memory.spaceSettings({ space })).then(
        (state) => live && setOwn(state.own.pinned),
        () => live && setOwn([])
      )
    void load()
    // A rename rewrites the pins in main: the memory change is the cue to read them again.
    const stop = onEvent('memory:changed', (change) => {
      if (change.space === space) void load()
    })
    return () => {
      live = false
      stop()
    }
  }, [space, isDefault])

  const save = useCallback(
    async (next: string[]) => {
      if (isDefault) {
        await call((api) => api.settings.update({ expiry: { pinned: next } }))
        return
      }
      const state = await call((api) =>
        api.memory.updateSpaceSettings({ space, section: 'pinned', value: next })
      )
      setOwn(state.own.pinned)
    },
    [space, isDefault]
  )

  const patterns = isDefault ? (settings?.expiry.pinned ?? []) : (own ?? [])
  return { patterns, save }
}
