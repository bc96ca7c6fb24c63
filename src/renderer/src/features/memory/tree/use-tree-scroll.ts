import { useCallback, useEffect, useRef } from 'react'
import type { VirtuosoHandle } from 'react-virtuoso'
import { ROW_HEIGHT } from './tree-row'

/** The tree's scrolling: a row brought just into view, and the selected file shown once chosen. */
export function useTreeScroll(selected: string | null, indexOf: ReadonlyMap<string, number>) {
  const virtuoso = useRef<VirtuosoHandle>(null)
  const scroller = useRef<HTMLElement | null>(null)
  const takeScroller = useCallback((el: HTMLElement | Window | null) => {
    scroller.current = el instanceof HTMLElement ? el : null
  }, [])
  /**
   * Scrolls row `at` just into view. Rows are one fixed height, so where it sits is known; in the
   * app Virtuoso's scrollIntoView and scrollTo stopped two rows short of the last one.
   */
  const reveal = useCallback((at: number) => {
    const list = virtuoso.current
    const box = scroller.current
    const view = box?.clientHeight ?? 0
    if (!list) return
    if (!box || view === 0) return list.scrollIntoView({ index: at }) // nothing laid out
    const top = at * ROW_HEIGHT
    if (top < box.scrollTop) box.scrollTop = top
    else if (top + ROW_HEIGHT > box.scrollTop + view) box.scrollTop = top + ROW_HEIGHT - view
  }, [])
  const lastRevealed = useRef<string | null>(null)
  useEffect(() => {
    const at = selected === null ? undefined : indexOf.get(selected)
    if (at === undefined || selected === lastRevealed.current) return
    lastRevealed.current = selected
    reveal(at)
  }, [selected, indexOf, reveal])
  return { virtuoso, takeScroller, reveal }
}
