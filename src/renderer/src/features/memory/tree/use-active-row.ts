import { useRef, useState } from 'react'
import type { CollapsedFolders } from './use-collapsed-folders'
import { ancestorsOf, type TreeRow } from './tree-rows'

/**
 * The tree's one tab stop (roving focus): the row the keys act on. A file chosen elsewhere
 * becomes it, its folders opened; a key that moves it brings the focus along.
 */
export function useActiveRow({
  rows,
  indexOf,
  selected,
  folders: { collapsed, setOpen },
  reveal,
  onKeyMove
}: {
  rows: readonly TreeRow[]
  indexOf: ReadonlyMap<string, number>
  selected: string | null
  folders: CollapsedFolders
  reveal(at: number): void
  /** A key moved the active row (the details stop following the pointer). */
  onKeyMove(): void
}) {
  const [activePath, setActivePath] = useState<string | null>(null)
  const wantFocus = useRef(false)

  // A file chosen elsewhere (a chip in chat, a search hit) is shown: its folders open.
  const [seenSelected, setSeenSelected] = useState<string | null>(null)
  if (selected !== seenSelected) {
    setSeenSelected(selected)
    if (selected) {
      setActivePath(selected)
      const closed = ancestorsOf(selected).filter((p) => collapsed.has(p))
      if (closed.length) setOpen(closed, true)
    }
  }

  const activeIndex = (() => {
    const at = activePath === null ? undefined : indexOf.get(activePath)
    if (at !== undefined) return at
    return (selected === null ? undefined : indexOf.get(selected)) ?? 0
  })()

  return {
    activeIndex,
    setActivePath,
    moveTo(at: number) {
      const row = rows[at]
      if (!row) return
      wantFocus.current = true
      setActivePath(row.path)
      onKeyMove()
      reveal(at)
    },
    /** The active row's element: it takes the focus when a key moved it there. */
    takeFocus(el: HTMLDivElement | null) {
      if (el && wantFocus.current) {
        wantFocus.current = false
        el.focus({ preventScroll: true })
        // Drawn where it really is now: the browser puts it exactly in view.
        el.scrollIntoView?.({ block: 'nearest' })
      }
    }
  }
}
