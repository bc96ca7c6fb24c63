import { useEffect, useState } from 'react'
import type { MemoryChange } from '@shared/memory/memory'
import { memoryDataFor } from './memory-data-store'
import { useMemorySpace } from './memory-space'

/*
 * What a panel re-reads after a memory change is decided here, from the event itself: the open
 * file when the event's paths name it, its history likewise, the activity log when the event says
 * the log moved. Each hook returns a number that grows on every change that concerns the panel:
 * a panel puts it in its effect's dependencies instead of a version bumped by every change.
 */

/** The change names `path` itself or a folder holding it (a folder renamed or deleted). */
export function namesPath(change: MemoryChange, path: string): boolean {
  return change.paths.some((changed) => changed === path || path.startsWith(`${changed}/`))
}

type Rule = (change: MemoryChange) => boolean

/** Counts the changes the rule made by `ruleFor(key)` accepts (a module-level function). */
function useChangeCount(key: string, ruleFor: (key: string) => Rule): number {
  const [count, setCount] = useState(0)
  const space = useMemorySpace()
  useEffect(() => {
    const rule = ruleFor(key)
    return memoryDataFor(space).onChange((change) => {
      if (rule(change)) setCount((n) => n + 1)
    })
  }, [key, ruleFor, space])
  return count
}

const fileRule =
  (path: string): Rule =>
  (change) =>
    namesPath(change, path)

// A forget changes history without naming a file: its event names no path and no problem.
const historyRule =
  (path: string): Rule =>
  (change) =>
    namesPath(change, path) || (change.paths.length === 0 && change.problem === undefined)

// Older senders say nothing of the log: then every change counts.
const activityRule = (): Rule => {
  let seen: number | undefined
  return (change) => {
    if (change.activitySeq !== undefined && change.activitySeq === seen) return false
    seen = change.activitySeq
    return true
  }
}

const folderRule = (): Rule => (change) => change.paths.length > 0

/** Changes to this file (or a folder above it). */
export const useFileChanges = (path: string): number => useChangeCount(path, fileRule)
/** Changes to this file's history: the file changed, or versions were forgotten. */
export const useHistoryChanges = (path: string): number => useChangeCount(path, historyRule)
/** Changes that added to the activity log (its newest seq moved). */
export const useActivityChanges = (): number => useChangeCount('activity', activityRule)
/** Changes that name any file or folder: what a view over the whole folder re-reads on. */
export const useFolderChanges = (): number => useChangeCount('folder', folderRule)
