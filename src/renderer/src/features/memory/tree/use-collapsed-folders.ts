import { useCallback, useState } from 'react'

/*
 * Which memory folders the user closed, remembered on this computer (localStorage, like the
 * pane layout in use-layout.ts: a window preference, not a setting). Folders start open; only
 * the closed ones are kept, so a new folder shows what it holds.
 */

export const COLLAPSED_KEY = 'cairn.memory-tree.collapsed'
/** Enough for any real folder; an older choice beyond it is forgotten first. */
const MOST_KEPT = 5000

function read(): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]')
    return new Set(Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [])
  } catch {
    return new Set() // unreadable or unavailable storage: everything open
  }
}

function write(collapsed: ReadonlySet<string>): void {
  try {
    localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...collapsed].slice(-MOST_KEPT)))
  } catch {
    // Not remembered, still applied for this session.
  }
}

export interface CollapsedFolders {
  collapsed: ReadonlySet<string>
  /** Opens (`open` true) or closes the folders named; one write for all of them. */
  setOpen(paths: readonly string[], open: boolean): void
}

export function useCollapsedFolders(): CollapsedFolders {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(read)
  const setOpen = useCallback((paths: readonly string[], open: boolean) => {
    setCollapsed((now) => {
      if (paths.every((p) => now.has(p) !== open)) return now
      const next = new Set(now)
      for (const p of paths) {
        next.delete(p)
        if (!open) next.add(p)
      }
      write(next)
      return next
    })
  }, [])
  return { collapsed, setOpen }
}
