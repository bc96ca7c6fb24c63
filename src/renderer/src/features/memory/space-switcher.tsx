import { useCallback, useEffect, useState } from 'react'
import { Layers } from 'lucide-react'
import type { z } from 'zod'
import type { MemorySpaceInfoSchema } from '@shared/projects/projects'
import type { SpaceId } from '@shared/memory/spaces'
import { call, onEvent } from '../../lib/api'

export type MemorySpaceInfo = z.infer<typeof MemorySpaceInfoSchema>

/** Every memory space ("No project" first), read again whenever the projects change. */
export function useMemorySpaces(): MemorySpaceInfo[] | null {
  const [spaces, setSpaces] = useState<MemorySpaceInfo[] | null>(null)
  const load = useCallback(() => {
    call((api) => api.memory.spaces()).then(
      (list) => setSpaces(list.spaces),
      () => setSpaces((now) => now ?? []) // the switcher hides; the default space still shows
    )
  }, [])
  useEffect(() => {
    load()
    try {
      return onEvent('projects:changed', load)
    } catch {
      return // outside Cairn
    }
  }, [load])
  return spaces
}

/** The inspector's space: which project's memory the tree, editor, history and activity show. */
export function SpaceSwitcher(props: {
  spaces: readonly MemorySpaceInfo[]
  value: SpaceId
  onChange(space: SpaceId): void
}) {
  // One space only (no project yet): nothing to switch between.
  if (props.spaces.length < 2) return null
  return (
    // Keeps its width in a narrow window: the folder path beside it gives way (it truncates).
    <label className="flex shrink-0 items-center gap-1.5 text-sm">
      <Layers size={16} aria-hidden className="shrink-0 text-muted" />
      <span className="sr-only">Memory space</span>
      <select
        className="input max-w-52 py-1 text-sm font-medium text-ellipsis"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.spaces.map((space) => (
          <option key={space.id} value={space.id}>
            {space.name}
          </option>
        ))}
      </select>
    </label>
  )
}
