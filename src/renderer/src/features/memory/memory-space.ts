import { createContext, useContext } from 'react'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'

/*
 * Which memory space a view shows or a chat uses. Every memory call of the renderer names it: the
 * inspector provides the space it shows, a conversation the space of its project. Outside any
 * provider it is the default space ("No project"), the one memory Cairn had before spaces.
 */
export const MemorySpaceContext = createContext<SpaceId>(DEFAULT_SPACE_ID)

export function useMemorySpace(): SpaceId {
  return useContext(MemorySpaceContext)
}
