import { useCallback, useState } from 'react'

/*
 * Which project groups the user closed in the sidebar, remembered on this computer (a window
 * preference, like the closed memory folders in use-collapsed-folders.ts). Groups start open.
 */

export const COLLAPSED_PROJECTS_KEY = 'cairn.projects.collapsed'

function read(): ReadonlySet<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(COLLAPSED_PROJECTS_KEY) ?? '[]')
    return new Set(
      Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : []
    )
  } catch {
    return new Set() // unreadable or unavailable storage: every group open
  }
}

export function useCollapsedProjects() {
  const [collapsed, setCollapsed] = useState(read)
  const toggle = useCallback((id: string) => {
    setCollapsed((now) => {
      const next = new Set(now)
      if (!next.delete(id)) next.add(id)
      try {
        localStorage.setItem(COLLAPSED_PROJECTS_KEY, JSON.stringify([...next]))
      } catch {
        // Not remembered, still applied for this session.
      }
      return next
    })
  }, [])
  return { collapsed, toggle }
}
