import { useRef, useState } from 'react'

export type SearchQuery = ReturnType<typeof useSearchQuery>

/** The text in the search box above the tree, and the ways other parts move into it. */
export function useSearchQuery(initial: string) {
  const [query, setQuery] = useState(initial)
  /** Bumped by ArrowDown in the search box: the first hit takes the focus. */
  const [toHits, setToHits] = useState(0)
  const box = useRef<HTMLInputElement>(null)
  const focusBox = () => box.current?.focus()
  return {
    query,
    setQuery,
    toHits,
    box,
    toFirstHit: () => setToHits((n) => n + 1),
    focusBox,
    /** A name to look for (a missing file's): typed into the box, the box focused. */
    searchFor(name: string) {
      setQuery(name)
      focusBox()
    }
  }
}
