import { useRef, type KeyboardEvent } from 'react'
import { findByPrefix, type TreeRow } from './tree-rows'
import type { CollapsedFolders } from './use-collapsed-folders'

/** How long a pause ends a typed name (type-ahead), as in file managers. */
const TYPING_PAUSE_MS = 1000

/**
 * The WAI-ARIA tree's keys: arrows, Home and End move; → and ← open, close and step in and out
 * of folders; Enter and Space pick; * opens the sibling folders; typing a name jumps to it.
 */
export function useTreeKeys({
  rows,
  indexOf,
  activeIndex,
  moveTo,
  pick,
  setOpen
}: {
  rows: readonly TreeRow[]
  indexOf: ReadonlyMap<string, number>
  activeIndex: number
  moveTo(at: number): void
  pick(row: TreeRow): void
  setOpen: CollapsedFolders['setOpen']
}) {
  const typed = useRef({ text: '', at: 0 })
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex]
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return
    const key = event.key
    const typing = key.length === 1 && key.trim() !== ''
    // Any other key ends a typed name.
    if (!typing && key !== ' ') typed.current = { text: '', at: 0 }
    let handled = true
    if (key === 'ArrowDown') moveTo(Math.min(rows.length - 1, activeIndex + 1))
    else if (key === 'ArrowUp') moveTo(Math.max(0, activeIndex - 1))
    else if (key === 'Home') moveTo(0)
    else if (key === 'End') moveTo(rows.length - 1)
    else if (key === 'ArrowRight') {
      if (row.kind === 'dir' && row.childCount > 0)
        if (row.expanded) moveTo(activeIndex + 1)
        else setOpen([row.path], true)
    } else if (key === 'ArrowLeft') {
      if (row.kind === 'dir' && row.expanded && row.childCount > 0) setOpen([row.path], false)
      else if (row.parent) moveTo(indexOf.get(row.parent) ?? activeIndex)
    } else if (key === 'Enter' || (key === ' ' && !typed.current.text)) pick(row)
    else if (key === '*') {
      const siblings = rows.filter((r) => r.parent === row.parent && r.kind === 'dir')
      setOpen(
        siblings.map((r) => r.path),
        true
      )
    } else if (typing) {
      const now = event.timeStamp
      const text = (now - typed.current.at > TYPING_PAUSE_MS ? '' : typed.current.text) + key
      typed.current = { text, at: now }
      const found = findByPrefix(rows, text, activeIndex)
      if (found !== -1) moveTo(found)
    } else handled = false
    if (handled) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
}
