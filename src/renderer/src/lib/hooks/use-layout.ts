import { useEffect, useState } from 'react'

/*
 * Which panes are collapsed: the app sidebar (to a rail of icons) and the conversation list.
 * The user's choice is remembered on this computer (localStorage: a window preference, not a
 * setting); until they choose, a narrow window collapses them so the conversation keeps its room.
 */

export type Pane = 'sidebar' | 'conversations'
type Choices = Partial<Record<Pane, boolean>>

const KEY = 'cairn.layout'
/** At or below these window widths a pane the user never toggled starts collapsed. */
const AUTO_COLLAPSE: Record<Pane, string> = {
  sidebar: '(max-width: 1000px)',
  conversations: '(max-width: 760px)'
}

function readChoices(): Choices {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}')
    if (!raw || typeof raw !== 'object') return {}
    const out: Choices = {}
    for (const pane of ['sidebar', 'conversations'] as const) {
      const value = (raw as Record<string, unknown>)[pane]
      if (typeof value === 'boolean') out[pane] = value
    }
    return out
  } catch {
    return {} // unreadable or unavailable storage: the automatic layout
  }
}

function writeChoices(choices: Choices): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(choices))
  } catch {
    // Not remembered, still applied for this session.
  }
}

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const update = () => setMatches(list.matches)
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [query])
  return matches
}

export function useLayout() {
  const [choices, setChoices] = useState(readChoices)
  const narrowSidebar = useMedia(AUTO_COLLAPSE.sidebar)
  const narrowList = useMedia(AUTO_COLLAPSE.conversations)
  const collapsed: Record<Pane, boolean> = {
    sidebar: choices.sidebar ?? narrowSidebar,
    conversations: choices.conversations ?? narrowList
  }
  const toggle = (pane: Pane) => {
    const next = { ...choices, [pane]: !collapsed[pane] }
    setChoices(next)
    writeChoices(next)
  }
  return { collapsed, toggle }
}
